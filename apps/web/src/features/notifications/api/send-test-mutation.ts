import { NOTIFICATION_PATHS, sendTestResultSchema } from '@finlens/contracts/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

/** GET …/send_test/ (admin): sends one test message now and answers how it went. */
export function useSendTestMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => apiRequest(NOTIFICATION_PATHS.sendTest(id), sendTestResultSchema),
    onSuccess: invalidate,
  });
}
