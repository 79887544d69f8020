export function TermsOfServiceContent({
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
        These terms of service govern your use of the {siteName} website and every booking request,
        reservation and stay arranged through us. By creating an account, sending a booking request
        or staying at a resort booked through {siteName}, you agree to these terms on behalf of
        yourself and everyone travelling in your party. Please read them carefully, in particular
        the sections on payments, liability and arbitration.
      </p>

      <div className="not-prose my-6 rounded-xl border border-amber-200 bg-amber-50 p-6 text-slate-900">
        <p className="font-semibold text-amber-900">The essentials</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>A booking is only a request until our staff confirm it in writing.</li>
          <li>Do not book flights until you have that confirmation.</li>
          <li>All payments are non-refundable.</li>
          <li>We provide accommodations only.</li>
        </ul>
      </div>

      <h2>1. Accounts and membership</h2>
      <p>
        Membership is by invitation, and wholesale pricing is visible only to signed-in members.
        Account holders must be 18 or older. You are responsible for keeping access to your e-mail
        account secure, since we sign you in by e-mail link, and for all activity under your
        account. Member pricing is for you and your travelling party; you may not resell stays or
        share member pricing publicly without our written permission.
      </p>

      <h2>2. Booking requests and confirmation</h2>
      <p>
        Sending a booking request does not create a reservation. Our staff check each request with
        the resort by hand, and a booking is confirmed only when we confirm it to you in writing.
        Until then, availability and pricing may change and we may decline a request. You must not
        book flights or other non-refundable travel until you have received our written
        confirmation; we are not responsible for costs you incur before then.
      </p>

      <h2>3. Length of stay</h2>
      <p>
        Stays are sold in weekly blocks. The minimum stay is usually 7 nights, with check-in and
        check-out days set by the resort. Some resorts apply different minimums, which we will tell
        you about before confirming. Unused nights are not refundable.
      </p>

      <h2>4. Payments are non-refundable</h2>
      <p>
        All payments made to {siteName} are non-refundable, including if you cancel, shorten your
        stay, arrive late or do not arrive. The only exception is a cancellation by the resort that
        we cannot replace, as described in section 12. This is because we purchase resort weeks at
        wholesale rates that resorts do not refund to us. We strongly recommend buying travel
        insurance.
      </p>

      <h2>5. Accommodations only</h2>
      <p>
        We provide accommodations only. Flights, airport and ground transfers, car hire, meals,
        tours and activities are not included and are entirely the guest's responsibility, as are
        passports, visas, entry requirements and health documents.
      </p>

      <h2>6. Resort fees, parking and taxes</h2>
      <p>
        Resorts may charge resort fees, parking, local or tourist taxes, utility or housekeeping
        fees, and security deposits directly to the guest at check-in or check-out. These charges
        are set by the resort, are not included in our price and must be paid by the guest.
      </p>

      <h2>7. Guest age requirement</h2>
      <p>
        The primary guest checking in must be 21 or older and must present valid photo
        identification matching the name on the confirmation. Resorts may refuse check-in if this
        requirement is not met, and no refund will be due.
      </p>

      <h2>8. Name changes</h2>
      <p>
        After a booking is confirmed, a name change fee of 75 in the currency of the resort's prices
        (US$75 at a resort priced in US dollars, €75 at one priced in euros) applies to any change
        of the primary guest's name. Name changes require at least 30 days' notice before the
        check-in date and are subject to the resort's approval. Changes requested with less than 30
        days' notice cannot be guaranteed.
      </p>

      <h2>9. No smoking and no pets</h2>
      <p>
        Smoking (including e-cigarettes and vaping) is not permitted in any accommodation, and pets
        are not permitted in any accommodation. Breaking these rules may result in removal from the
        resort without refund, plus cleaning charges imposed by the resort.
      </p>

      <h2>10. Damages</h2>
      <p>
        Guests are responsible for any damage to the accommodation, its contents or resort property
        caused by anyone in their party, beyond normal wear and tear, and for any cleaning or other
        charges that result from breaking resort rules. You must reimburse damages within 60 days of
        being notified of the amount. The resort may also charge damages to the security deposit or
        card it holds on file.
      </p>

      <h2>11. Resort rules and conduct</h2>
      <p>
        You and your party must follow each resort's rules, including occupancy limits, quiet hours
        and check-in and check-out times. The resort may remove guests who breach its rules or
        endanger others, without refund.
      </p>

      <h2>12. Cancellation or changes by the resort</h2>
      <p>
        Occasionally a resort may cancel or change a confirmed booking, for example because of
        overbooking, maintenance, a natural disaster or other events outside our control. If that
        happens, we will make reasonable efforts to offer you comparable accommodation. If we
        cannot, we will refund the amount you paid us for the affected booking, which is your sole
        remedy. We are not responsible for flights, other travel or expenses affected by the change.
      </p>

      <h2>13. Limitation of liability</h2>
      <p>
        {siteName} arranges accommodation provided by independent resorts and does not own or
        operate them. To the fullest extent permitted by law, we are not liable for the acts or
        omissions of resorts or other third parties, or for any indirect, incidental, special or
        consequential loss, including lost travel costs or lost enjoyment. Our total liability for
        any claim relating to a booking is limited to the amount you paid us for that booking.
        Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>14. Governing law</h2>
      <p>
        These terms are governed by the laws of the State of Florida, without regard to its conflict
        of laws rules.
      </p>

      <h2>15. Binding arbitration</h2>
      <p>
        Any dispute arising out of or relating to these terms, our website or any booking will be
        resolved by binding arbitration rather than in court, except that either party may bring an
        individual claim in small claims court. Arbitration will take place on an individual basis
        only: you and {siteName} each waive the right to bring or take part in a class action, class
        arbitration or representative proceeding. Before starting arbitration, please e-mail us so
        we can try to resolve the issue informally.
      </p>

      <h2>16. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The version in effect when we confirm your
        booking applies to that booking. Changes take effect when posted on this page, and the "Last
        updated" date above shows when they were last revised.
      </p>

      <h2>17. Contact</h2>
      <p>Questions about these terms, or a booking made under them, can be sent to {mail}.</p>
    </>
  );
}
