import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { importRunSchema, uploadFieldsSchema } from '@finlens/contracts/cloud-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallerOf } from '../../platform/auth/caller';
import { fieldError, HttpError } from '../../platform/http/http-error';
import type { BillingUploadService } from './billing-upload.service';

type Parts = AsyncIterableIterator<MultipartFile | { fieldname: string; value: unknown }>;

/** A body the multipart parser gave up on (cut short, no boundary, broken part headers): the client's fault. */
function malformedBody(caught: unknown): HttpError {
  const reason = caught instanceof Error ? caught.message : String(caught);
  return fieldError('file', [
    `The upload is incomplete or not valid multipart/form-data (${reason}); nothing was imported.`,
  ]);
}

/** The fields sent before the file; the file part is where the stream starts. */
async function fieldsAndFile(parts: () => Parts) {
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of parts()) {
      if ('file' in part) return { fields, file: part };
      fields[part.fieldname] = part.value;
    }
  } catch (caught) {
    if (caught instanceof HttpError) throw caught;
    throw malformedBody(caught);
  }
  return { fields, file: null };
}

/** POST /c/billing/upload/ (admin): multipart `project_id`, then `file`; answers the import run. */
export const billingUploadRoutes: FastifyPluginAsyncZod<{
  billingUpload: BillingUploadService;
  maxBytes: number;
}> = async (app, { billingUpload, maxBytes }) => {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1 },
  });

  app.post(
    '/c/billing/upload/',
    { config: { access: 'admin' }, schema: { tags: ['cloud-accounts'], response: { 201: importRunSchema } } },
    async (request, reply) => {
      const { clientId } = clientCallerOf(request);
      if (!request.isMultipart()) throw fieldError('file', ['Send the billing file as multipart/form-data.']);
      const { fields, file } = await fieldsAndFile(() => request.parts());
      const parsed = uploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        file?.file.resume();
        const issue = parsed.error.issues[0];
        throw fieldError(String(issue?.path[0] ?? 'project_id'), [issue?.message ?? 'Invalid value.']);
      }
      if (file === null) throw fieldError('file', ['This field is required.']);
      // An error of the file stream itself is the body breaking off, not the server failing to store it.
      let bodyError: unknown = null;
      file.file.once('error', (caught) => {
        bodyError = caught;
      });
      const run = await billingUpload
        .importUpload(clientId, parsed.data.project_id, { filename: file.filename, stream: file.file })
        .catch((caught: unknown) => {
          // The parser may break the file stream before this route listens to it (the whole cut body was already
          // buffered): the stream then holds the error in `errored`.
          const broken = bodyError ?? file.file.errored;
          throw broken !== null && !(caught instanceof HttpError) ? malformedBody(broken) : caught;
        });
      return reply.code(201).send(run);
    },
  );
};
