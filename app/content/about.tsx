import { Link } from "react-router";

export function AboutContent({ siteName }: { siteName: string }) {
  return (
    <>
      <p className="lead">
        Luxury stays. Unprecedented prices. {siteName} exists to open the door to the kind of resort
        weeks that are usually reserved for the travel trade, and to offer them to our members at
        wholesale, discounted weekly rates.
      </p>

      <h2>Where we began</h2>
      <p>
        {siteName} was started by people who spent their careers on the other side of the front
        desk: resort sales managers, wholesale travel buyers and tour operators who negotiated room
        blocks for a living. Year after year we watched the same thing happen. Beautiful resort
        weeks went unsold because they never reached the right traveller at the right moment, while
        those same travellers paid full retail price a few doors down the beach.
      </p>
      <p>
        So we changed who we work for. Instead of selling inventory to other wholesalers, we buy
        unsold resort weeks in bulk, directly from resorts and trusted partners, and pass the
        savings straight to our members. Resorts fill weeks that would otherwise sit empty; members
        stay somewhere wonderful for a fraction of the published rate. That simple trade is still
        the whole business.
      </p>
      <p>
        Today we offer over 110 locations, and every one of them has been chosen by someone on our
        team who knows what a good week away should feel like. When you arrive, we want the first
        thing you think to be: welcome home.
      </p>

      <h2>Curated destinations at insider rates</h2>
      <p>
        We would rather offer fewer places we believe in than an endless list we cannot vouch for.
        Our collection spans:
      </p>
      <ul>
        <li>
          <strong>The United States:</strong> Hawaii, Florida, California and Colorado, from
          oceanfront condos to mountain lodges.
        </li>
        <li>
          <strong>Mexico and the US Virgin Islands:</strong> easy-to-reach sunshine with the
          comforts of a full-service resort.
        </li>
        <li>
          <strong>The Caribbean:</strong> Aruba, the Bahamas, Barbados, the Cayman Islands, Saint
          Kitts and Nevis, and Sint Maarten.
        </li>
        <li>
          <strong>Europe and beyond:</strong> France, Spain and the Maldives, for the trips people
          plan for years.
        </li>
      </ul>
      <p>
        Stays are weekly, usually seven nights, because that is how resorts release their inventory
        to the trade, and because a full week is long enough to actually unwind.
      </p>

      <h2>How it works</h2>
      <ol>
        <li>
          <strong>Browse.</strong> Explore our destinations and resorts, with photos, unit details
          and what is nearby. Anyone can look around.
        </li>
        <li>
          <strong>Sign in to see insider rates.</strong> Membership is by invitation. Once you are
          signed in as a member, wholesale weekly pricing appears on every resort page.
        </li>
        <li>
          <strong>Send a request, and we confirm it by hand.</strong> Choose your week and send a
          booking request. A member of our team contacts the resort, secures the unit and confirms
          with you in writing. Until you have that confirmation, your booking is only a request, so
          please hold off on booking flights until it arrives.
        </li>
      </ol>

      <h2>What we value</h2>
      <h3>Honesty about how it works</h3>
      <p>
        Wholesale travel has a reputation for fine print. We try to do the opposite: clear weekly
        rates, a plain explanation of what is included (the accommodation) and what is not (flights,
        transfers and activities), and a real person who tells you when a week is confirmed.
      </p>
      <h3>People over algorithms</h3>
      <p>
        Every request is handled by our staff, not an automated booking engine. It takes a little
        longer, but it means someone has checked the dates, the unit and the details with the resort
        before you pack a bag.
      </p>
      <h3>Places worth the trip</h3>
      <p>
        A low price only matters if the stay is worth having. We keep resorts in our collection
        because members come back happy, and we drop the ones that do not meet that standard.
      </p>
      <h3>Sharing the advantage</h3>
      <p>
        Our wholesale rates also support travel agents, who earn an 80/20 commission split in their
        favour after free training, and nonprofits, who use our discounted packages to raise money
        at galas and auctions.
      </p>

      <div className="not-prose mt-10 rounded-xl bg-slate-900 p-6 text-white sm:p-8">
        <h2 className="text-2xl font-semibold">Ready to see where you could go?</h2>
        <p className="mt-2 text-slate-200">
          Explore our curated destinations, or join the travel professionals who book {siteName}{" "}
          stays for their own clients.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/locations"
            className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-100"
          >
            Browse our locations
          </Link>
          <Link
            to="/agents"
            className="rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-white/10"
          >
            Become a travel agent
          </Link>
        </div>
      </div>
    </>
  );
}
