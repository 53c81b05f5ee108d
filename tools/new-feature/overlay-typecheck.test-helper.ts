import { realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Type-checks files that exist only in memory, as if they sat at their paths in the repository, so a test can
// check stamped code against the real tree without writing into it.

function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.join(realPathOf(path.dirname(file)), path.basename(file));
  }
}

/** The diagnostics of `files` (absolute path → text), compiled with the options of `tsconfigFile`. */
export function typecheckOverlay(tsconfigFile: string, files: Map<string, string>): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error(`cannot read ${tsconfigFile}`);
  const host = ts.createCompilerHost(parsed.options);
  const virtual = (file: string) => files.get(realPathOf(file));
  const inVirtualDir = (dir: string) => [...files.keys()].some((f) => f.startsWith(`${realPathOf(dir)}/`));
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (file) => virtual(file) !== undefined || fileExists(file);
  host.readFile = (file) => virtual(file) ?? readFile(file);
  host.directoryExists = (dir) =>
    inVirtualDir(dir) || (directoryExists?.(dir) ?? ts.sys.directoryExists(dir));
  host.realpath = realPathOf;
  host.getSourceFile = (file, language, ...rest) => {
    const text = virtual(file);
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options: parsed.options, host });
  return [...files.keys()].flatMap((file) => {
    const source = program.getSourceFile(file);
    if (source === undefined) return [`${file}: not in the program`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${path.basename(file)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  });
}
