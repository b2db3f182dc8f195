import { userProfileSchema } from '@etf-replicator/core/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import type { MutationConfig } from '@/lib/react-query';

export type PlanValue = 'STARTER' | 'GROWTH' | 'PRO' | 'GOLD' | null;
export type RoleValue = 'ROLE_USER' | 'ROLE_ADMIN';

export type UserChange =
  | { kind: 'plan'; userId: string; email: string; from: PlanValue; to: PlanValue }
  | { kind: 'role'; userId: string; email: string; from: RoleValue; to: RoleValue };

/** The admin plan and role commands: POST /api/admin/users/{id}/plan and /roles; they answer the updated profile. */
export const changeUser = async (change: UserChange) => {
  const url = `/api/admin/users/${encodeURIComponent(change.userId)}/${change.kind === 'plan' ? 'plan' : 'roles'}`;
  const body =
    change.kind === 'plan'
      ? { plan: change.to }
      : { roles: change.to === 'ROLE_ADMIN' ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'] };
  return userProfileSchema.parse(await api.post<unknown>(url, body, { headers: idempotencyHeaders() }));
};

export const useChangeUser = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof changeUser>;
} = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: changeUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      await onSuccess?.(...args);
    },
  });
};
