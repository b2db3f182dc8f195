import { useState } from 'react';
import { CardPage } from '@/components/ui/card-page';
import { CheckInbox } from '@/features/auth/components/check-inbox';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /register: the form, then the Check Your Inbox view once the server accepted it. */
export const RegisterRoute = () => {
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  return (
    <CardPage title={registeredEmail ? 'Almost there' : 'Create your account'} wide>
      {registeredEmail ? (
        <CheckInbox email={registeredEmail} />
      ) : (
        <RegisterForm onRegistered={setRegisteredEmail} />
      )}
    </CardPage>
  );
};
