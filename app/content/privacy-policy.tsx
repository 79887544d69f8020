export function PrivacyPolicyContent({
  siteName,
  contactEmail,
}: {
  siteName: string;
  contactEmail: string;
}) {
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <>
      <p>
        <em>Last updated: November 1, 2026</em>
      </p>
      <p className="lead">
        This privacy policy explains what personal information {siteName} ("we", "us") collects when
        you use our website, why we collect it, who we share it with and the choices you have. We
        collect only what we need to run a request-to-book resort service, and we do not sell your
        personal information.
      </p>

      <h2>Information we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>
          <strong>Contact details:</strong> your name, e-mail address and phone number.
        </li>
        <li>
          <strong>Booking request details:</strong> the resort, dates and unit you request, the
          number of guests, the name of the primary guest checking in and any notes you add.
        </li>
        <li>
          <strong>Travel agent applications:</strong> the information you submit when applying to
          become an agent, such as your name, contact details, agency or business name and
          experience.
        </li>
        <li>
          <strong>Support messages:</strong> what you write to us through our contact forms or by
          e-mail, and our replies.
        </li>
        <li>
          <strong>Sign-in e-mail addresses:</strong> the e-mail address you enter to receive a
          sign-in link, and whether that address belongs to an invited member.
        </li>
      </ul>
      <h3>Information collected automatically</h3>
      <p>
        Like almost every website, our servers keep basic technical logs: your IP address, browser
        type, the pages you request, the date and time, and error information. We use these logs to
        keep the site running and secure, not to build advertising profiles.
      </p>

      <h2>How we use your information</h2>
      <ul>
        <li>
          <strong>To handle your requests:</strong> to receive and review booking requests, agent
          applications and support messages, and to reply to you.
        </li>
        <li>
          <strong>To confirm bookings with resorts:</strong> our staff pass the details of your
          request to the resort to check availability, secure the unit and register the guest for
          check-in.
        </li>
        <li>
          <strong>To sign you in:</strong> we sign members in by e-mail. When you enter your
          address, we send a single-use magic link that lets you in without a password.
        </li>
        <li>
          <strong>For security and abuse prevention:</strong> to protect accounts, detect fraud and
          stop automated spam. Our forms use a bot check provided by Cloudflare Turnstile, which
          evaluates signals from your browser to tell people apart from automated traffic.
        </li>
        <li>
          <strong>To meet legal obligations:</strong> for example, keeping records of transactions
          for accounting and tax purposes.
        </li>
      </ul>

      <h2>Who receives your information</h2>
      <p>We share personal information only with:</p>
      <ul>
        <li>
          <strong>Resorts:</strong> the resort for your booking request receives the details it
          needs to confirm and host your stay, such as the guest's name, contact details, dates and
          number of guests.
        </li>
        <li>
          <strong>Our e-mail provider:</strong> which delivers sign-in links, booking updates and
          replies to your messages on our behalf.
        </li>
        <li>
          <strong>Our hosting provider, Cloudflare:</strong> which hosts and protects this website,
          stores our data and provides the Turnstile bot check.
        </li>
        <li>
          <strong>Authorities, where required:</strong> if we are legally obliged to disclose
          information, or need to protect the rights and safety of our guests, staff or business.
        </li>
      </ul>
      <p>
        Our service providers may use your information only to provide their services to us. We do
        not sell or rent personal information, and we do not share it with advertisers.
      </p>

      <h2>Cookies</h2>
      <p>
        We use a single, strictly necessary cookie: a sign-in session cookie that keeps you signed
        in after you follow your magic link. The site cannot show member pricing or accept booking
        requests without it. We do not use advertising cookies or third-party tracking cookies.
        Cloudflare Turnstile may process technical signals needed for the bot check when you submit
        a form.
      </p>

      <h2>How long we keep information</h2>
      <ul>
        <li>
          Booking requests and related correspondence are kept while your stay is being arranged and
          afterwards for as long as needed for accounting, tax and legal purposes.
        </li>
        <li>
          Agent applications and support messages are kept for as long as needed to deal with them
          and maintain our relationship with you.
        </li>
        <li>
          Sign-in links expire shortly after they are sent and can be used only once. Session data
          is removed when you sign out or your session expires.
        </li>
        <li>
          Technical logs are kept for a limited period for security and troubleshooting and are then
          deleted.
        </li>
      </ul>

      <h2>Your rights</h2>
      <p>
        You may ask us to give you a copy of the personal information we hold about you (access), to
        correct anything inaccurate (correction), or to delete your information (deletion). To make
        a request, e-mail {mail} from the address associated with your account. We may need to
        verify your identity before acting, and we may keep information we are legally required to
        retain, such as records of completed bookings. Depending on where you live, you may have
        additional rights under local law, including the right to complain to a data protection
        authority.
      </p>

      <h2>Children</h2>
      <p>
        {siteName} is not intended for anyone under 18, and we do not knowingly collect personal
        information from children. Account holders must be 18 or older. If you believe a child has
        given us personal information, please contact us and we will delete it.
      </p>

      <h2>International visitors</h2>
      <p>
        {siteName} is operated from the United States, and our resorts are located in many
        countries. If you use the site from outside the United States, your information will be
        transferred to, stored in and processed in the United States and, for a booking request, in
        the country of the resort. We take reasonable steps to protect your information wherever it
        is processed.
      </p>

      <h2>Security</h2>
      <p>
        We use encrypted connections (HTTPS), password-free sign-in and access controls to protect
        your information. No system is perfectly secure, so please tell us straight away if you
        notice anything suspicious about your account.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We may update this policy from time to time. When we do, we will change the "Last updated"
        date at the top of this page, and if the changes are significant we will also take
        reasonable steps to let members know, for example by e-mail.
      </p>

      <h2>Contact us</h2>
      <p>
        If you have questions about this policy or how we handle your information, e-mail us at{" "}
        {mail}.
      </p>
    </>
  );
}
