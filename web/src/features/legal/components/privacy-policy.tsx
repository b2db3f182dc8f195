import { paths } from '@/config/paths';
import { ContactEmail, LegalPage } from './legal-page';

/** /privacy-policy: the stated content of spec 2 §2 (Romanian operator, EU storage, minimum ages). */
export const PrivacyPolicy = () => (
  <LegalPage title="Privacy Policy" other={{ label: 'Terms of Service', to: paths.tos }}>
    <h2>Who we are</h2>
    <p>
      ETF Replicator is operated by a company registered in Romania (“we”, “us”). We are the controller of the
      personal data described here. You can reach us at <ContactEmail />.
    </p>

    <h2>What we collect</h2>
    <ul>
      <li>
        Account data: your name, e-mail address, a hash of your password and, if you connect it, your Google
        account.
      </li>
      <li>Service data: the ETFs you track, the amounts you enter and the orders you record.</li>
      <li>
        Billing data: your plan, invoices and the customer reference of our card payment provider. Card
        numbers are handled by the payment provider and never reach us.
      </li>
      <li>
        Feedback: your message, the e-mail address you choose to give, screenshots you attach, and the page,
        browser, language, screen size and time zone at the time you sent it.
      </li>
      <li>Sign-in data: a secure cookie and a small flag in your browser that keep you signed in.</li>
    </ul>

    <h2>Why we use it</h2>
    <p>
      To provide the service you signed up for, to bill paid plans, to keep accounts secure, to answer support
      requests and feedback, and to improve the product. We do not sell your data and we do not use it for
      advertising.
    </p>

    <h2>Where your data is stored</h2>
    <p>
      Your data is stored in the European Union. Service providers that process data for us (payment, e-mail
      delivery, hosting) are bound by data processing agreements.
    </p>

    <h2>How long we keep it</h2>
    <p>
      As long as your account exists. When you delete it we erase your personal data, except invoices, which
      the law requires us to keep.
    </p>

    <h2>Your rights</h2>
    <p>
      Under the GDPR you may ask for access to, correction, deletion or a copy of your data, and you may
      object to or restrict its use. You may also complain to the Romanian data protection authority
      (ANSPDCP).
    </p>

    <h2>Children</h2>
    <p>
      You must be at least 13 years old to use ETF Replicator, or 16 in Europe. Anyone under 18 may use it
      only with the consent and supervision of a parent or legal guardian.
    </p>

    <h2>Changes</h2>
    <p>When this policy changes we update the date above and, for important changes, tell you by e-mail.</p>
  </LegalPage>
);
