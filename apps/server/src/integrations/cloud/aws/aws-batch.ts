import { type InstanceStateChange, StartInstancesCommand, StopInstancesCommand } from '@aws-sdk/client-ec2';
import { type ActionAnswer, actionCalls, type CloudAction, CloudActionError } from '../cloud-actions';
import { actionError, awsAct } from './aws-actions';
import type { AwsClients } from './aws-clients';

type Power = 'start' | 'stop' | 'hibernate';

/**
 * One StartInstances/StopInstances call for many ids. EC2 refuses the whole call when some ids cannot be acted on
 * (InvalidInstanceID.NotFound, IncorrectInstanceState, an instance without hibernation) and names them in its
 * message: those ids get that error and the call is sent again without them. An error naming none of them
 * (throttling, access denied) is every id's. An id missing from the answer is refused on its own.
 */
async function powerBatch(
  c: AwsClients,
  type: Power,
  ids: readonly string[],
): Promise<Map<string, { changes: InstanceStateChange | null } | CloudActionError>> {
  const out = new Map<string, { changes: InstanceStateChange | null } | CloudActionError>();
  let left = [...ids];
  while (left.length > 0) {
    try {
      const changes =
        type === 'start'
          ? (await c.ec2.send(new StartInstancesCommand({ InstanceIds: left }))).StartingInstances
          : (
              await c.ec2.send(
                new StopInstancesCommand({ InstanceIds: left, Hibernate: type === 'hibernate' }),
              )
            ).StoppingInstances;
      const byId = new Map((changes ?? []).map((ch) => [ch.InstanceId, ch]));
      for (const id of left) {
        const change = byId.get(id);
        out.set(
          id,
          change ? { changes: change } : new CloudActionError('failed', `${id} is not in EC2's answer`),
        );
      }
      return out;
    } catch (error) {
      const refused = actionError(error);
      const inMessage = new Set(refused.message.match(/\bi-[0-9a-f]+\b/g) ?? []);
      const named = left.filter((id) => inMessage.has(id));
      const blamed = named.length > 0 ? named : left;
      for (const id of blamed) out.set(id, refused);
      left = left.filter((id) => !blamed.includes(id));
    }
  }
  return out;
}

/** The port's `actMany` on AWS: EC2 power actions a call per region, type and EC2_IDS_PER_CALL ids; others alone. */
export async function awsActMany(
  clients: (region: string) => AwsClients,
  actions: readonly CloudAction[],
): Promise<ActionAnswer[]> {
  const answers: ActionAnswer[] = new Array(actions.length);
  for (const call of actionCalls(actions)) {
    if (!call.batch) {
      const action = actions[call.at] as CloudAction;
      try {
        answers[call.at] = { ok: true, result: await awsAct(clients(action.region), action) };
      } catch (error) {
        answers[call.at] = { ok: false, error: actionError(error) };
      }
      continue;
    }
    const done = await powerBatch(clients(call.region), call.type, call.ids);
    call.at.forEach((i, n) => {
      const action = actions[i] as CloudAction;
      const answer = done.get(call.ids[n] as string);
      if (answer === undefined || answer instanceof CloudActionError) {
        answers[i] = { ok: false, error: answer ?? new CloudActionError('failed', 'no answer') };
        return;
      }
      const before = answer.changes?.PreviousState?.Name ?? null;
      const after = answer.changes?.CurrentState?.Name ?? null;
      answers[i] = {
        ok: true,
        result: {
          action: action.type,
          resource: { ...action.resource },
          changes: before === after ? [] : [{ field: 'state', before, after }],
          created: null,
          deleted: false,
        },
      };
    });
  }
  return answers;
}
