import { TestConsole } from '@/features/test-console/components/test-console';

export const TestPageRoute = () => <TestConsole />;
