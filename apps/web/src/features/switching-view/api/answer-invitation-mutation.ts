import { TEAM_PATHS } from '@finlens/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { switchingViewKeys } from './keys';

/** POST /c/invitations/{id}/accept/ or decline/ — 204; an accepted client joins the list. */
export function useAnswerInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      apiRequest(accept ? TEAM_PATHS.accept(id) : TEAM_PATHS.decline(id), z.undefined(), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: switchingViewKeys.all }),
  });
}
