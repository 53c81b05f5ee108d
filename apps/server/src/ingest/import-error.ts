/** A problem with the input that stops an import; the message names the file, and row and column where known. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  constructor(
    message: string,
    readonly where: { file?: string; row?: number; column?: string } = {},
  ) {
    super(describe(message, where));
  }
}

function describe(message: string, where: { file?: string; row?: number; column?: string }): string {
  const parts = [
    where.file === undefined ? null : where.file,
    where.row === undefined ? null : `row ${where.row}`,
    where.column === undefined ? null : `column ${where.column}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? message : `${parts.join(', ')}: ${message}`;
}
