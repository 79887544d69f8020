export function NonprofitsContent({
  siteName,
  contactEmail,
}: {
  siteName: string;
  contactEmail: string;
}) {
  return (
    <>
      <p className="lead">
        A week at a luxury resort is one of the most sought-after items at any gala or charity
        auction. {siteName} offers invite-only, discounted resort packages to nonprofit
        organisations, so that more of every winning bid goes to your mission.
      </p>

      <h2>How it works</h2>
      <p>
        Our nonprofit programme is built on the same wholesale resort weeks we offer our members.
        The idea is simple: you buy at the nonprofit price, your supporters bid at retail value, and
        your organisation keeps the difference.
      </p>
      <ol>
        <li>
          <strong>Request an invitation.</strong> Packages are invite-only. Tell us about your
          organisation and your event, and we will send you an invitation along with current
          availability.
        </li>
        <li>
          <strong>Choose your packages.</strong> Use our pricing spreadsheet to pick destinations
          that suit your audience, from Hawaii and Florida to the Caribbean, Mexico and Europe.
        </li>
        <li>
          <strong>Buy at the nonprofit price.</strong> You purchase each resort week at the
          discounted nonprofit price listed for your event.
        </li>
        <li>
          <strong>Auction it at retail value.</strong> Feature the package in your live or silent
          auction, with the typical retail value as a guide for opening bids.
        </li>
        <li>
          <strong>Keep the difference.</strong> Everything your winning bidder pays above the
          nonprofit price stays with your organisation.
        </li>
      </ol>

      <h2>An example</h2>
      <p>
        Say a seven-night stay in a two-bedroom oceanfront condo carries a retail value of several
        thousand dollars. If your organisation buys it at the nonprofit price and a guest bids close
        to retail value at your gala, the gap between the two is money raised for your cause,
        without asking a single sponsor for a cash gift. Actual prices and values vary by resort,
        unit and season; the spreadsheet shows the figures for each package.
      </p>

      <h2>Nonprofit pricing spreadsheet</h2>
      <p>
        The spreadsheet lists the destinations and resorts currently available for nonprofit
        packages, with nonprofit pricing and a typical retail value for each. It opens in Excel,
        Google Sheets, Numbers or any other spreadsheet application.
      </p>
      <div className="not-prose my-6 rounded-xl border border-amber-200 bg-amber-50 p-6">
        <p className="font-semibold text-amber-900">Planning an auction or gala?</p>
        <p className="mt-1 text-slate-800">
          Review the current packages and pricing before you request your invitation.
        </p>
        <a
          href="/downloads/nonprofit-pricing.csv"
          download
          className="mt-4 inline-block rounded-lg bg-amber-800 px-5 py-3 font-semibold text-white hover:bg-amber-900"
        >
          Download the nonprofit pricing spreadsheet (CSV)
        </a>
      </div>
      <p>
        Pricing and availability change throughout the year as resorts release inventory. The
        figures in your invitation are the ones that apply to your event.
      </p>

      <h2>Why organisations work with us</h2>
      <ul>
        <li>
          <strong>Low risk.</strong> There is no fee to request an invitation and no obligation to
          buy. You choose how many packages to take, and your invitation sets out the price and
          payment terms before you commit.
        </li>
        <li>
          <strong>Items people want to bid on.</strong> With over 110 locations, you can offer a
          beach week, a ski week or a once-in-a- lifetime trip to the Maldives, and tailor your lots
          to your donors.
        </li>
        <li>
          <strong>Real people behind every package.</strong> Our staff can help you describe each
          package accurately, and they handle the winning bidder's booking request personally when
          it is time to travel.
        </li>
      </ul>

      <h2>What your winning bidders should know</h2>
      <p>
        To avoid surprises on the night and afterwards, we recommend including these points in your
        auction catalogue:
      </p>
      <ul>
        <li>
          Packages are for accommodation only. Flights, airport transfers and activities are not
          included.
        </li>
        <li>
          Stays are weekly, usually seven nights, and are subject to availability at the resort.
        </li>
        <li>
          The winner sends a booking request for their preferred week, and our staff confirm it with
          the resort in writing. Until that confirmation arrives, the booking is only a request, so
          winners should not book flights before then.
        </li>
        <li>
          The guest checking in must be 21 or older, and stays are subject to our terms of service,
          including the no smoking and no pets rules.
        </li>
      </ul>

      <h2>Request an invitation</h2>
      <p>
        To request an invitation, e-mail us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>{" "}
        with your organisation's name, your event date and the number of packages you are
        considering. The earlier you get in touch before your event, the wider your choice of
        destinations and weeks.
      </p>
    </>
  );
}
