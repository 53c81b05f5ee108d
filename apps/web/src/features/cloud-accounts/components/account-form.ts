import { type CloudAccountCreate, cloudAccountCreateSchema } from '@finlens/contracts/cloud-accounts';
import { ApiError } from '../../../lib/api-client';

/** Field name → messages; a nested name (settings.keys.secret_access_key) is known by its last part. */
export type FieldMessages = Partial<Record<string, string[]>>;

const lastPart = (path: string) => path.split('.').at(-1) ?? path;

function add(messages: FieldMessages, field: string, message: string): void {
  messages[field] = [...(messages[field] ?? []), message];
}

/** The contract's own checks, run before sending, so a mistake shows under its field at once. */
export function contractErrors(body: CloudAccountCreate): FieldMessages {
  const messages: FieldMessages = {};
  const parsed = cloudAccountCreateSchema.safeParse(body);
  for (const issue of parsed.error?.issues ?? []) {
    add(messages, lastPart(issue.path.map(String).join('.')), issue.message);
  }
  return messages;
}

/** Field → messages of a 400 (the API's `errors`), and the message for the form when one names no field shown. */
export function serverErrors(
  error: unknown,
  shown: readonly string[],
): { fields: FieldMessages; form: string | null } {
  if (!(error instanceof ApiError)) {
    return { fields: {}, form: error instanceof Error ? error.message : null };
  }
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  const fields: FieldMessages = {};
  for (const [path, list] of Object.entries(errors)) {
    for (const message of list) add(fields, lastPart(path), message);
  }
  const placed = Object.keys(fields).every((field) => shown.includes(field));
  return { fields, form: placed && Object.keys(fields).length > 0 ? null : error.message };
}

/** Helper text of a write-only field: the server keeps it sealed and never sends it back. */
export function writeOnlyHint(stored: boolean, storedText: string): string {
  return stored ? storedText : 'Write-only: stored encrypted and never shown again.';
}
