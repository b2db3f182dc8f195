import { UsersList } from '@/features/users/components/users-list';

export const UsersRoute = () => <UsersList />;
