import { Landing } from '@/features/marketing/components/landing';

export const LandingRoute = () => <Landing />;
export default LandingRoute;
