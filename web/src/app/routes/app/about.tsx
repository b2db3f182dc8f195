import { About } from '@/features/about/components/about';

export const AboutRoute = () => <About />;
