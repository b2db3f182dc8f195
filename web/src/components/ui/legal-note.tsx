import { paths } from '@/config/paths';
import { TextLink } from './text-link';

export const LegalNote = ({ action }: { action: string }) => (
  <p className="mt-6 text-center text-xs text-slate-500">
    By {action}, you agree to our <TextLink to={paths.tos}>Terms of Service</TextLink> and{' '}
    <TextLink to={paths.privacyPolicy}>Privacy Policy</TextLink>.
  </p>
);
