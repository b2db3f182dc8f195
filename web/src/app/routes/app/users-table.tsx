import { UsersTable } from '@/features/users-table/components/users-table';

export const UsersTableRoute = () => <UsersTable />;
