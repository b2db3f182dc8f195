import { paths } from '@/config/paths';
import { LegalPage } from './legal-page';

/** /tos: the stated content of spec 2 §2 (no advice, ages, refunds, renewal, claims, Romanian law). */
export const TermsOfService = () => (
  <LegalPage title="Terms of Service" other={{ label: 'Privacy Policy', to: paths.privacyPolicy }}>
    <h2>The service</h2>
    <p>
      ETF Replicator is operated by a company registered in Romania. It shows the holdings of ETFs and
      calculates the orders that would align your own portfolio with an ETF for the amount you choose. It
      never executes trades and never holds your money: you place any order yourself, at your own broker.
    </p>

    <h2>Not investment advice</h2>
    <p>
      Everything ETF Replicator shows is information, not investment, tax or legal advice, and not a
      recommendation to buy or sell any security. Investing involves risk, including the loss of capital.
      Figures about fees and tax savings are estimates. Your decisions, and their results, are your own.
    </p>

    <h2>Who may use it</h2>
    <p>
      You must be at least 13 years old, or 16 in Europe. If you are under 18 you may use ETF Replicator only
      with a parent or legal guardian who accepts these terms for you.
    </p>

    <h2>Your account</h2>
    <p>
      Keep your sign-in details safe and your information accurate. You are responsible for activity in your
      account.
    </p>

    <h2>Plans, billing and renewal</h2>
    <ul>
      <li>The Free plan costs nothing and needs no credit card.</li>
      <li>
        Paid plans are monthly subscriptions billed in USD by our card payment provider. They renew
        automatically every month on the date of the original purchase until you cancel.
      </li>
      <li>
        You can cancel at any time in your subscription settings; the plan stays active until the paid month
        ends.
      </li>
      <li>
        Refunds may be requested within 14 days of purchase and are granted at the provider’s discretion.
      </li>
      <li>If a payment fails or is reversed, access to paid features may be revoked.</li>
    </ul>

    <h2>Market data</h2>
    <p>
      Holdings, weights and prices come from public sources and may be delayed, incomplete or wrong. Check an
      order before you place it.
    </p>

    <h2>Liability</h2>
    <p>
      To the extent the law allows, we are not liable for investment losses or for indirect damages arising
      from the use of the service.
    </p>

    <h2>Claims, law and courts</h2>
    <p>
      Any claim related to the service must be served within one year of the event it concerns. These terms
      are governed by Romanian law, and the courts of Bucharest have jurisdiction.
    </p>

    <h2>Changes</h2>
    <p>We may update these terms; for important changes we tell you by e-mail before they apply.</p>
  </LegalPage>
);
