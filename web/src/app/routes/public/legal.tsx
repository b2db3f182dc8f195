import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';
import { TermsOfService } from '@/features/legal/components/terms-of-service';

export const PrivacyPolicyRoute = () => <PrivacyPolicy />;
export const TermsOfServiceRoute = () => <TermsOfService />;
