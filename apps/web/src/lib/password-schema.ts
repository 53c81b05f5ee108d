import { type PasswordContext, passwordProblems } from '@finlens/cost-model/password-rules';
import type { z } from 'zod';

/**
 * Adds the spec §5 password rules to a form schema: the first broken rule's message goes under `field`,
 * the same message the server answers with.
 */
export function withPasswordRules<T extends z.ZodType>(
  schema: T,
  field: string,
  pick: (values: z.output<T>) => { password: string; context: PasswordContext },
): T {
  return schema.superRefine((values, ctx) => {
    const { password, context } = pick(values);
    const [first] = passwordProblems(password, context);
    if (first !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: first });
  }) as unknown as T;
}
