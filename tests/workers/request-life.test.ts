import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRequests, emailDeliveries } from "~/db/schema";
import { decideBooking, takeOffer, withdrawBooking } from "~/request-life/life.server";
import { transitionToast } from "~/guest-requests/inbox-decisions.server";
import { WEEK_MESSAGES } from "~/weeks/week";
import { addDays } from "~/weeks/calendar";
import { formatStayDate } from "~/guest-requests/format";
import { renewCalendarToken, roomCalendar } from "~/weeks/calendar-feed.server";
import { createUser, signIn } from "./auth-helpers";
import { BOT_CHECK, HOUR, post, request, testApp, toastOf, visibleText } from "./helpers";
import { resortToday, testNow } from "./clock";
import { readCalendar } from "./icalendar";
import {
  at,
  decide,
  emailsAbout,
  historyOf,
  lifeFixture,
  member,
  memberPost,
  pay,
  requestOf,
  staff,
  statusOf,
  sweep,
  weekOf,
  type Member,
} from "./life-fixture";

const { db } = testApp;

const { LOCATION, ROOM, freshWeek, sendWeek, heldWithWaitlist } = lifeFixture("Harbor Life Resort");

describe("a hold nobody decides", () => {
  it("lapses after 72 hours: the member and staff are told, and the first member waiting is offered the week for 24 hours", async () => {
    const { week, holder, first, second } = await heldWithWaitlist();
    expect(await sweep(testNow())).toBe(0);
    const later = new Date(testNow().getTime() + 72 * HOUR + 60_000);
    expect(await sweep(later)).toBeGreaterThanOrEqual(1);

    expect(await statusOf(holder.request.id)).toMatchObject({ status: "lapsed" });
    expect(await statusOf(first.request.id)).toMatchObject({ status: "offered" });
    expect(await statusOf(second.request.id)).toMatchObject({ status: "new", waitlist: true });
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: first.request.id,
      heldUntil: new Date(later.getTime() + 24 * HOUR).toISOString(),
    });
    const toHolder = await emailsAbout(holder.request.id);
    expect(toHolder.map((email) => [email.to, email.subject])).toEqual(
      expect.arrayContaining([
        [holder.email, `Your booking request for ${LOCATION.name} lapsed`],
        ["staff@insiderstays.example", expect.stringMatching(/^Hold lapsed: Harbor Life Resort, /)],
      ]),
    );
    // Each says what became of the week, not what may have.
    const told = toHolder.map((email) => email.text).join("\n");
    expect(told).toContain("The week was offered to the first member on its waitlist.");
    expect(told).toContain("It went to a member who was waiting for it");
    expect(told).not.toMatch(/or is open again|If it is still open/);
    const [offer] = (await emailsAbout(first.request.id)).filter((email) =>
      email.subject.startsWith("The week you waited for is free"),
    );
    expect(offer?.to).toBe(first.email);
    expect(offer?.text).toContain(`http://localhost/members/requests/${first.request.id}`);
    expect(await historyOf(holder.request.id)).toEqual(["lapsed"]);
    expect(await historyOf(first.request.id)).toEqual(["offered"]);
    // Staff's calendar feed says the same of the week: offered to the member waiting.
    const { token } = (await renewCalendarToken(db, ROOM))!;
    const site = { siteName: "Insider Stays", contactEmail: "hello@insiderstays.example" };
    const feed = await roomCalendar(db, { token, site, now: later });
    expect(feed).toContain(`SUMMARY:Offered: Ana ${first.email.split("@")[0]}`);

    // The sweep run again, and twice at once, changes nothing and mails no one twice.
    const before =
      (await emailsAbout(holder.request.id)).length + (await emailsAbout(first.request.id)).length;
    await Promise.all([sweep(later), sweep(later)]);
    const after =
      (await emailsAbout(holder.request.id)).length + (await emailsAbout(first.request.id)).length;
    expect(after).toBe(before);

    // A lapsed request can no longer be decided: staff are told why.
    const refused = await decide(holder.request.id, "confirmed", later);
    expect(refused).toMatchObject({ ok: false, reason: "already-handled", status: "lapsed" });
    expect(transitionToast({ intent: "confirm", id: holder.request.id }, refused).message).toBe(
      "This request lapsed: no decision came within 72 hours, and its week went to the next member waiting or opened again.",
    );

    // The member's page and list say so.
    const page = visibleText(
      await (
        await request(`/members/requests/${holder.request.id}`, {
          headers: { Cookie: holder.cookie },
        })
      ).text(),
    );
    expect(page).toContain("Lapsed");
    expect(page).toContain("We could not confirm this request in time");
  });

  it("an offer not taken up in 24 hours passes to the next member waiting, and then the week opens", async () => {
    const { week, holder, first, second } = await heldWithWaitlist();
    expect((await decide(holder.request.id, "declined")).ok).toBe(true);
    expect(await statusOf(first.request.id)).toMatchObject({ status: "offered" });

    const dayLater = new Date(testNow().getTime() + 24 * HOUR + 60_000);
    await sweep(dayLater);
    expect(await statusOf(first.request.id)).toMatchObject({ status: "passed" });
    expect(await statusOf(second.request.id)).toMatchObject({ status: "offered" });
    const passedTo = async (id: string) =>
      (await emailsAbout(id)).find((email) => email.subject.startsWith("The week held for you"));
    expect((await passedTo(first.request.id))?.subject).toBe(
      `The week held for you at ${LOCATION.name} has passed on`,
    );
    expect((await passedTo(first.request.id))?.text).toContain(
      "so it went to the next member waiting.",
    );
    // The passed member can no longer take it up.
    expect(
      await at(dayLater, (app) => takeOffer(app, { id: first.request.id, userId: first.id })),
    ).toMatchObject({
      ok: false,
      status: "passed",
    });

    await sweep(new Date(dayLater.getTime() + 24 * HOUR + 60_000));
    expect(await statusOf(second.request.id)).toMatchObject({ status: "passed" });
    // Nobody waited behind the last: the week opened, and the e-mail says so.
    const last = (await passedTo(second.request.id))!.text;
    expect(last).toContain("so it is open again to every member.");
    expect(last).not.toContain("next member");
    expect(await weekOf(week.id)).toMatchObject({
      state: "open",
      requestId: null,
      heldUntil: null,
    });
  });
});

describe("a member withdraws, the next member takes the offer", () => {
  it("frees the week for the first on its waitlist, who requests it; staff confirm, and the rest of the waitlist closes", async () => {
    const { week, holder, first, second } = await heldWithWaitlist();
    const withdrawn = await memberPost(holder, holder.request.id, "withdraw");
    expect(withdrawn.status).toBe(302);
    expect(await toastOf(withdrawn)).toMatchObject({ type: "success" });
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "withdrawn" });
    expect(
      (await emailsAbout(holder.request.id)).map((email) => [email.to, email.subject]),
    ).toEqual(
      expect.arrayContaining([
        [holder.email, `You withdrew your booking request for ${LOCATION.name}`],
        ["staff@insiderstays.example", expect.stringMatching(/^Withdrawn: Harbor Life Resort/)],
      ]),
    );
    expect(await statusOf(first.request.id)).toMatchObject({ status: "offered" });

    // Only the member offered the week can request it: the page offers the button.
    const offerPage = visibleText(
      await (
        await request(`/members/requests/${first.request.id}`, {
          headers: { Cookie: first.cookie },
        })
      ).text(),
    );
    expect(offerPage).toContain("The week is free, and held for you");
    const taken = await memberPost(first, first.request.id, "take-offer");
    expect(await toastOf(taken)).toMatchObject({ type: "success" });
    expect(await statusOf(first.request.id)).toMatchObject({ status: "new", waitlist: false });
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: first.request.id,
    });
    // Staff read in the subject what happened: each event its own.
    const toStaff = async (id: string) =>
      (await emailsAbout(id))
        .filter((email) => email.to === "staff@insiderstays.example")
        .map((email) => email.subject);
    expect(await toStaff(holder.request.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^New booking request: Harbor Life Resort, /)]),
    );
    expect(await toStaff(second.request.id)).toEqual([
      expect.stringMatching(/^Joined the waitlist: Harbor Life Resort, /),
    ]);
    expect(await toStaff(first.request.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Took an offer: Harbor Life Resort, /)]),
    );
    // The member is told the week is theirs while the resort confirms it, not "we received".
    const toFirst = (await emailsAbout(first.request.id)).filter(
      (email) => email.to === first.email,
    );
    expect(toFirst.map((email) => email.subject)).toContain(
      `You requested the week held for you at ${LOCATION.name}`,
    );
    expect(toFirst.map((email) => email.subject)).not.toContain(
      `We received your booking request for ${LOCATION.name}`,
    );

    // Confirmed, the week stays held in the member's name until the payment's deadline, and the
    // next member still waits: unpaid, it would go to them.
    expect(await decide(first.request.id, "confirmed")).toMatchObject({ ok: true });
    const { payBy } = await statusOf(first.request.id);
    expect(Date.parse(payBy!) - Date.parse((await statusOf(first.request.id)).changedAt!)).toBe(
      72 * HOUR,
    );
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: first.request.id,
      heldUntil: payBy,
    });
    const confirmation = (await emailsAbout(first.request.id)).find((email) =>
      email.subject.startsWith("Your stay at"),
    );
    expect(confirmation?.subject).toBe(
      `Your stay at ${LOCATION.name} is confirmed: please pay to secure it`,
    );
    expect(confirmation?.text).toContain("To secure it, please pay US$2,100 by ");
    expect(await statusOf(second.request.id)).toMatchObject({ status: "new", waitlist: true });

    // Paid: the week is booked, the member gets a receipt with the calendar file, and the rest
    // of the waitlist closes.
    expect(await pay(first.request.id)).toMatchObject({ ok: true });
    expect(await weekOf(week.id)).toMatchObject({ state: "booked", requestId: first.request.id });
    expect((await emailsAbout(first.request.id)).map((email) => email.subject)).toContain(
      `Paid: your stay at ${LOCATION.name} is booked`,
    );
    expect(await statusOf(second.request.id)).toMatchObject({ status: "closed" });
    const closed = (await emailsAbout(second.request.id)).find(
      (email) =>
        email.subject === `The week you waited for at ${LOCATION.name} is no longer available`,
    );
    // Its way on leads to the site's locations, not to "null/locations".
    const [sent] = await db
      .select({ text: emailDeliveries.text, html: emailDeliveries.html })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, closed!.id));
    expect(sent!.text).toContain("Browse locations: http://localhost/locations");
    expect(sent!.html).not.toContain("null/locations");
    expect(await historyOf(first.request.id)).toEqual(
      expect.arrayContaining(["offered", "requested", "confirmed", "paid"]),
    );

    // A booked week has no waitlist to join.
    const late = await sendWeek(await member(), week.checkIn, { waitlist: true });
    expect(late.status).toBe(409);
    expect(visibleText(await late.text())).toContain(WEEK_MESSAGES.taken);
  });

  it("leaving a waitlist takes the member off it: the week later goes to the next", async () => {
    const { holder, first, second } = await heldWithWaitlist();
    const page = visibleText(
      await (
        await request(`/members/requests/${first.request.id}?withdraw`, {
          headers: { Cookie: first.cookie },
        })
      ).text(),
    );
    expect(page).toContain(
      "Leave the waitlist? We will no longer write to you if this week frees.",
    );
    // Joining, the member was told what the waitlist means.
    const joined = (await emailsAbout(first.request.id)).find((email) => email.to === first.email);
    expect(joined?.subject).toBe(`You are on the waitlist for ${LOCATION.name}`);
    expect(joined!.text).toContain("write to you when it is your turn");
    const left = await memberPost(first, first.request.id, "withdraw");
    expect(await toastOf(left)).toMatchObject({
      type: "success",
      message: "Done: you left the waitlist",
    });
    expect(await statusOf(first.request.id)).toMatchObject({ status: "withdrawn" });
    expect((await emailsAbout(first.request.id)).map((email) => email.subject)).toContain(
      `You left the waitlist for ${LOCATION.name}`,
    );
    await decide(holder.request.id, "declined");
    expect(await statusOf(second.request.id)).toMatchObject({ status: "offered" });
  });
});

describe("staff decline and close a week", () => {
  it("closes the week and its waitlist, each member told, nobody offered; the card keeps the note", async () => {
    const { week, holder, first, second } = await heldWithWaitlist();
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id, { aal: "aal2" });
    const note = "The resort has closed this unit for maintenance that week.";
    const declined = await post(
      "/admin/requests?kind=booking",
      { intent: "decline-and-close", id: holder.request.id, note },
      cookie,
    );
    expect(await toastOf(declined)).toMatchObject({
      type: "success",
      message: "Booking declined and the week closed. Its waitlist is closed and told",
    });
    expect(await statusOf(holder.request.id)).toMatchObject({
      status: "declined",
      staffNote: note,
    });
    expect(await weekOf(week.id)).toMatchObject({ state: "closed", requestId: null });
    for (const waiting of [first, second]) {
      expect(await statusOf(waiting.request.id)).toMatchObject({ status: "closed" });
      const emails = await emailsAbout(waiting.request.id);
      expect(emails.map((email) => email.subject)).not.toContain(
        `The week you waited for is free: ${LOCATION.name}`,
      );
      const closed = emails.find((email) => email.subject.includes("is no longer available"));
      expect(closed?.to).toBe(waiting.email);
      expect(closed?.text).toContain(
        "is no longer offered, so your place on its waitlist is closed",
      );
      expect(await historyOf(waiting.request.id)).toEqual(["closed"]);
    }
    const toHolder = (await emailsAbout(holder.request.id)).find((email) =>
      email.subject.startsWith("About your booking request"),
    );
    expect(toHolder?.text).toContain(`A note from our team: ${note}`);

    // The decided card says who declined it and what they wrote.
    const inbox = await (
      await request("/admin/requests?kind=booking&status=decided", { headers: { Cookie: cookie } })
    ).text();
    const start = inbox.indexOf(`id="request-${holder.request.id}"`);
    const card = inbox.slice(start, inbox.indexOf("</article>", start)).replace(/<[^>]+>/g, "");
    expect(card).toContain(`Declined by ${admin.email}`);
    expect(card).toContain(`Note to the member: ${note}`);

    // A closed week takes no request and no waitlist.
    const late = await sendWeek(await member(), week.checkIn, { waitlist: true });
    expect(late.status).toBe(400);
  });

  it("a plain decline keeps the offer to the first member waiting", async () => {
    const { week, holder, first } = await heldWithWaitlist();
    expect(await decide(holder.request.id, "declined")).toMatchObject({
      ok: true,
      freed: { offered: true, closed: false },
    });
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: first.request.id,
    });
  });

  it("a hold that lapses with nobody waiting tells staff and the member the week is open again", async () => {
    const week = await freshWeek();
    const alone = await member();
    expect((await sendWeek(alone, week.checkIn)).status).toBe(302);
    const { id } = await requestOf(alone, week.id);
    await sweep(new Date(testNow().getTime() + 72 * HOUR + 60_000));
    const texts = (await emailsAbout(id)).map((email) => email.text).join("\n");
    expect(texts).toContain("Nobody was waiting for it: the week is open again.");
    expect(texts).toContain("It is open again: you may send a new request for it");
    expect(texts).not.toContain("waitlist.");
    expect(await weekOf(week.id)).toMatchObject({ state: "open" });
    // Nothing more to change: the member is told so in a sentence.
    const again = await memberPost(alone, id, "withdraw");
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      message: "Nothing changed: it lapsed without a decision.",
    });
  });
});

describe("paying for a confirmed stay", () => {
  /** A held week with two members waiting, its holder's request confirmed by staff. */
  async function confirmedWithWaitlist() {
    const held = await heldWithWaitlist();
    expect(await decide(held.holder.request.id, "confirmed")).toMatchObject({ ok: true });
    const { payBy } = await statusOf(held.holder.request.id);
    return { ...held, payBy: new Date(payBy!) };
  }

  it("unpaid, a reminder goes once a day before, and at the deadline the week goes to the next member waiting", async () => {
    const { week, holder, first, payBy } = await confirmedWithWaitlist();
    const reminders = async () =>
      (await emailsAbout(holder.request.id)).filter((email) =>
        email.subject.startsWith("Reminder: pay for your stay"),
      );
    await sweep(new Date(payBy.getTime() - 25 * HOUR));
    expect(await reminders()).toHaveLength(0);
    const dayBefore = new Date(payBy.getTime() - 23 * HOUR);
    await Promise.all([sweep(dayBefore), sweep(dayBefore)]);
    const [reminder, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(reminder?.to).toBe(holder.email);
    expect(reminder?.text).toContain("If it is not paid by then, it goes to the next member");

    await sweep(new Date(payBy.getTime() + 60_000));
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "payment-lapsed" });
    expect(await statusOf(first.request.id)).toMatchObject({ status: "offered" });
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: first.request.id,
    });
    const told = await emailsAbout(holder.request.id);
    expect(told.map((email) => [email.to, email.subject])).toEqual(
      expect.arrayContaining([
        [holder.email, `Your stay at ${LOCATION.name} was not paid in time`],
        [
          "staff@insiderstays.example",
          expect.stringMatching(/^Payment lapsed: Harbor Life Resort, /),
        ],
      ]),
    );
    expect(told.map((email) => email.text).join("\n")).toContain(
      "The week was offered to the first member on its waitlist.",
    );
    // A payment that comes after the stay was let go changes nothing.
    const late = await pay(holder.request.id, new Date(payBy.getTime() + 2 * HOUR));
    expect(late).toMatchObject({ ok: false, status: "payment-lapsed" });
    expect(transitionToast({ intent: "mark-paid", id: holder.request.id }, late).message).toContain(
      "the payment did not arrive by its deadline",
    );
  });

  it("staff mark a stay paid from the inbox, with a note of how; it is then booked, not payable twice", async () => {
    const { week, holder } = await confirmedWithWaitlist();
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id, { aal: "aal2" });
    const unpaid = await (
      await request("/admin/requests?kind=booking&status=unpaid", { headers: { Cookie: cookie } })
    ).text();
    const start = unpaid.indexOf(`id="request-${holder.request.id}"`);
    const card = unpaid.slice(start, unpaid.indexOf("</article>", start)).replace(/<!-- -->/g, "");
    expect(card).toContain("Awaiting US$2,100 by ");
    expect(card).toMatch(/value="mark-paid"/);
    // Staff's calendar feed marks the stay unpaid until it is.
    const { token } = (await renewCalendarToken(db, ROOM))!;
    const site = { siteName: "Insider Stays", contactEmail: "hello@insiderstays.example" };
    const feed = await roomCalendar(db, { token, site, now: testNow() });
    const summaries = readCalendar(`${feed}`, "text/calendar; method=PUBLISH").map(
      (event) => event.summary,
    );
    expect(summaries).toContain(`Confirmed, unpaid: Ana ${holder.email.split("@")[0]}`);
    const note = "Bank transfer, reference HLR-2210";
    const marked = await post(
      "/admin/requests?kind=booking&status=unpaid",
      { intent: "mark-paid", id: holder.request.id, note },
      cookie,
    );
    expect(await toastOf(marked)).toMatchObject({
      type: "success",
      message: "Marked paid: the stay is booked",
    });
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "paid", paymentNote: note });
    expect(await weekOf(week.id)).toMatchObject({ state: "booked", requestId: holder.request.id });
    const paid = await (
      await request("/admin/requests?kind=booking&status=paid", { headers: { Cookie: cookie } })
    ).text();
    expect(paid.replace(/<!-- -->/g, "")).toContain(`How it was paid: <q>${note}</q>`);
    const again = await post(
      "/admin/requests",
      { intent: "mark-paid", id: holder.request.id },
      cookie,
    );
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      message: "This stay is paid already.",
    });
  });

  it("staff may ask for another amount than the estimate when confirming; a wrong one changes nothing", async () => {
    const { holder } = await heldWithWaitlist();
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id, { aal: "aal2" });
    const refused = await post(
      "/admin/requests",
      { intent: "confirm", id: holder.request.id, amount: "-5" },
      cookie,
    );
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      message: "Enter an amount above zero",
    });
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "new", amountDue: null });
    const confirmed = await post(
      "/admin/requests",
      {
        intent: "confirm",
        id: holder.request.id,
        amount: "1900.5",
        note: "A returning guest's rate.",
      },
      cookie,
    );
    expect(await toastOf(confirmed)).toMatchObject({ type: "success" });
    expect(await statusOf(holder.request.id)).toMatchObject({
      status: "confirmed",
      amountDue: 1900.5,
    });
    const email = (await emailsAbout(holder.request.id)).find((sent) =>
      sent.subject.includes("please pay to secure it"),
    );
    expect(email?.text).toContain("To secure it, please pay US$1,900.50 by ");
    expect(email?.text).toContain("A note from our team: A returning guest's rate.");
  });

  it("staff give more time to pay: the deadline and the week's hold move, the member is told, and the reminder comes again", async () => {
    const { week, holder, payBy } = await confirmedWithWaitlist();
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id, { aal: "aal2" });
    // A day before the first deadline, the reminder for it.
    await sweep(new Date(payBy.getTime() - 23 * HOUR));
    const more = await post(
      "/admin/requests?kind=booking&status=unpaid",
      { intent: "extend", id: holder.request.id, days: "2" },
      cookie,
    );
    expect(await toastOf(more)).toMatchObject({
      type: "success",
      message: "More time given: the member is told the new deadline",
    });
    const later = new Date(payBy.getTime() + 2 * 24 * HOUR);
    expect(await statusOf(holder.request.id)).toMatchObject({
      status: "confirmed",
      payBy: later.toISOString(),
    });
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: holder.request.id,
      heldUntil: later.toISOString(),
    });
    const subjects = async () =>
      (await emailsAbout(holder.request.id)).map((email) => email.subject);
    expect(await subjects()).toContain(`More time to pay for your stay at ${LOCATION.name}`);
    // Given more time again: each is in the history.
    await post("/admin/requests", { intent: "extend", id: holder.request.id, days: "1" }, cookie);
    expect(
      (await historyOf(holder.request.id)).filter((event) => event === "extended"),
    ).toHaveLength(2);
    const { payBy: last } = await statusOf(holder.request.id);
    // The first deadline passes: nothing lapses; a day before the new one, a reminder again.
    await sweep(new Date(payBy.getTime() + 60_000));
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "confirmed" });
    await sweep(new Date(Date.parse(last!) - 23 * HOUR));
    expect(
      (await subjects()).filter((subject) => subject.startsWith("Reminder: pay for your stay")),
    ).toHaveLength(2);
    // A wrong number of days changes nothing.
    const wrong = await post(
      "/admin/requests",
      { intent: "extend", id: holder.request.id, days: "30" },
      cookie,
    );
    expect(await toastOf(wrong)).toMatchObject({
      type: "error",
      message: "At most 7 days more at a time",
    });
    expect(await statusOf(holder.request.id)).toMatchObject({ payBy: last });
  });

  it("a payment racing the deadline's sweep: exactly one wins, and only its e-mails are stored", async () => {
    const { holder, payBy } = await confirmedWithWaitlist();
    const late = new Date(payBy.getTime() + 60_000);
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 ? pay(holder.request.id, late) : sweep(late),
      ),
    );
    const { status } = await statusOf(holder.request.id);
    expect(["paid", "payment-lapsed"]).toContain(status);
    const ids = (await emailsAbout(holder.request.id)).map((email) => email.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.includes(":paid:")).length).toBe(status === "paid" ? 1 : 0);
    expect(ids.filter((id) => id.includes(":payment-lapsed:")).length).toBe(
      status === "payment-lapsed" ? 2 : 0,
    );
  });
});

describe("fifty at once", () => {
  it("during an offer, only the member offered the week gets it", async () => {
    const { week, holder, first } = await heldWithWaitlist();
    await decide(holder.request.id, "declined");
    const others = await Promise.all(Array.from({ length: 49 }, () => member()));
    const [offerTaken, ...asked] = await Promise.all([
      at(testNow(), (app) => takeOffer(app, { id: first.request.id, userId: first.id })),
      ...others.map((other) => sendWeek(other, week.checkIn)),
    ]);
    expect(offerTaken).toEqual({ ok: true });
    expect(asked.map((response) => response.status)).toEqual(asked.map(() => 409));
    expect(await weekOf(week.id)).toMatchObject({
      state: "requested",
      requestId: first.request.id,
    });
    const holds = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.weekId, week.id),
          eq(bookingRequests.status, "new"),
          eq(bookingRequests.waitlist, false),
        ),
      );
    expect(holds).toEqual([{ id: first.request.id }]);
  });

  it("a withdrawal racing staff confirmations: exactly one wins, and only its e-mails are stored", async () => {
    const { holder } = await heldWithWaitlist();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2
          ? decide(holder.request.id, "confirmed")
          : at(testNow(), (app) =>
              withdrawBooking(app, {
                id: holder.request.id,
                userId: holder.id,
                memberEmail: holder.email,
              }),
            ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const { status } = await statusOf(holder.request.id);
    expect(["confirmed", "withdrawn"]).toContain(status);
    const subjects = (await emailsAbout(holder.request.id)).map((email) => email.subject);
    expect(subjects.filter((subject) => subject.startsWith("Your stay at"))).toHaveLength(
      status === "confirmed" ? 1 : 0,
    );
    expect(subjects.filter((subject) => subject.startsWith("You withdrew"))).toHaveLength(
      status === "withdrawn" ? 1 : 0,
    );
  });

  it("the lapse sweep racing decisions: one wins, nothing is mailed twice", async () => {
    const { week, holder } = await heldWithWaitlist();
    const later = new Date(testNow().getTime() + 72 * HOUR + 60_000);
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 ? decide(holder.request.id, "confirmed", later) : sweep(later),
      ),
    );
    const { status } = await statusOf(holder.request.id);
    expect(["confirmed", "lapsed"]).toContain(status);
    // Confirmed, the week stays held for the payment; lapsed, it went to the first waiting.
    expect(await weekOf(week.id)).toMatchObject({ state: "requested" });
    const ids = (await emailsAbout(holder.request.id)).map((email) => email.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.includes(":lapsed:")).length).toBe(status === "lapsed" ? 2 : 0);
    expect(ids.filter((id) => id.includes(":confirmed:")).length).toBe(
      status === "confirmed" ? 1 : 0,
    );
  });
});

describe("what a member cannot do", () => {
  it("another member's request, a forged id, a decided request, a stay begun: refused, nothing changed", async () => {
    const { holder, first } = await heldWithWaitlist();
    const stranger = await member();
    for (const response of [
      await request(`/members/requests/${holder.request.id}`, {
        headers: { Cookie: stranger.cookie },
      }),
      await memberPost(stranger, holder.request.id, "withdraw"),
      await memberPost(holder, "no-such-request", "withdraw"),
      await memberPost(holder, "x".repeat(5000), "take-offer"),
    ]) {
      expect(response.status).toBe(404);
    }
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "new" });

    // A form posted with nothing, or what no button sends.
    for (const intent of ["", "delete"]) {
      const response = await memberPost(holder, holder.request.id, intent);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose what to do with the request");
    }
    // Someone who holds no offer cannot take one.
    expect(await toastOf(await memberPost(first, first.request.id, "take-offer"))).toMatchObject({
      type: "error",
      message: "Nothing changed: you are on the waitlist.",
    });

    await decide(holder.request.id, "declined");
    const late = await memberPost(holder, holder.request.id, "withdraw");
    expect(await toastOf(late)).toEqual({
      type: "error",
      message: "Nothing changed: it was declined.",
    });
    expect(await statusOf(holder.request.id)).toMatchObject({ status: "declined" });

    // A stay that has begun at the resort can no longer be withdrawn.
    await db
      .update(bookingRequests)
      .set({ checkInDate: resortToday(LOCATION.timeZone) })
      .where(eq(bookingRequests.id, first.request.id));
    const begun = await memberPost(first, first.request.id, "withdraw");
    expect((await toastOf(begun))?.message).toMatch(/^Your stay has begun/);
    expect((await statusOf(first.request.id)).status).not.toBe("withdrawn");
  });
});

describe("a member's requests", () => {
  it("the request page shows the reference, the stay, the price, the state and its history", async () => {
    const { holder } = await heldWithWaitlist();
    const html = await (
      await request(`/members/requests/${holder.request.id}`, {
        headers: { Cookie: holder.cookie },
      })
    ).text();
    const text = visibleText(html);
    for (const line of [
      holder.request.id,
      "Awaiting confirmation",
      "Two-Bedroom Suite",
      "Weekly rate",
      "Estimated total (rate, fees and taxes)",
      "Sent",
      "Withdraw this request",
    ]) {
      expect(text).toContain(line);
    }
    // Staff's note reaches the member's page, and the decision its history.
    await at(testNow(), (app) =>
      decideBooking(app, {
        id: holder.request.id,
        decision: "confirmed",
        adminEmail: staff,
        note: "Ocean view floor",
      }),
    );
    const confirmedHtml = await (
      await request(`/members/requests/${holder.request.id}`, {
        headers: { Cookie: holder.cookie },
      })
    ).text();
    const confirmed = visibleText(confirmedHtml);
    // Which of the staff decided stays with staff: not in the page, nor in its data.
    expect(confirmedHtml).not.toContain(staff);
    expect(confirmed).toContain("Note from our team");
    expect(confirmed).toContain("Ocean view floor");
    expect(confirmed).not.toContain("Withdraw this request");
    // Confirmed, it asks for the payment, by when; the calendar file comes once it is paid.
    expect(confirmed).toContain("Confirmed: please pay to secure it");
    expect(confirmed).toMatch(/Please pay US\$2,100 by .+: until then it is held in your name/);
    expect(confirmed).not.toContain("Add the stay to your calendar");
    expect(
      (
        await request(`/members/requests/${holder.request.id}/stay.ics`, {
          headers: { Cookie: holder.cookie },
        })
      ).status,
    ).toBe(404);
    await pay(holder.request.id);
    const paid = visibleText(
      await (
        await request(`/members/requests/${holder.request.id}`, {
          headers: { Cookie: holder.cookie },
        })
      ).text(),
    );
    expect(paid).toContain("Your stay is paid and booked: you can book your flights.");
    expect(paid).toContain("Add the stay to your calendar");
    const calendar = await request(`/members/requests/${holder.request.id}/stay.ics`, {
      headers: { Cookie: holder.cookie },
    });
    expect(calendar.headers.get("Content-Type")).toContain("text/calendar");
    const [stay] = readCalendar(await calendar.text(), calendar.headers.get("Content-Type"));
    expect(stay!.uid).toContain(holder.request.id);
    // The confirmation page shows the request as it stands now.
    const receipt = visibleText(
      await (
        await request(`/booking-confirmation?request=${holder.request.id}`, {
          headers: { Cookie: holder.cookie },
        })
      ).text(),
    );
    expect(receipt).toContain("Paid");
  });

  it("/members lists upcoming stays and live requests first, ended and past ones apart, ten to a page", async () => {
    const who = await member();
    const week = await freshWeek();
    // Eleven own-date requests stored as they would be: one past, one declined ahead, nine ahead
    // and live (confirmed or awaiting confirmation).
    const base = {
      userId: who.id,
      firstName: "Ana",
      lastName: "Paged",
      email: who.email,
      phone: "+1 555 0100",
      adults: 2,
      locationId: LOCATION.id,
      locationName: LOCATION.name,
      locationCountry: "United States",
      // A room of their own: confirmed nights would otherwise book the other tests' weeks.
      roomTypeId: `${ROOM}-listed`,
      roomTypeName: "Two-Bedroom Suite",
      status: "declined" as const,
    };
    const rows = [
      {
        ...base,
        id: `${who.id}-past`,
        idempotencyKey: crypto.randomUUID(),
        checkInDate: "2020-01-04",
        checkOutDate: "2020-01-11",
      },
      ...Array.from({ length: 10 }, (_, index) => ({
        ...base,
        status:
          index === 0
            ? ("declined" as const)
            : index % 2
              ? ("confirmed" as const)
              : ("new" as const),
        id: `${who.id}-${index}`,
        idempotencyKey: crypto.randomUUID(),
        checkInDate: addDays(week.checkIn, 7 * index),
        checkOutDate: addDays(week.checkIn, 7 * index + 7),
      })),
    ];
    // One a statement: D1 binds at most 100 values to one.
    for (const row of rows) await db.insert(bookingRequests).values(row);
    const first = visibleText(
      await (await request("/members", { headers: { Cookie: who.cookie } })).text(),
    );
    expect(first).toContain("Page 1 of 2 · 11 requests");
    // The declined request, though its week is the soonest, is not an upcoming stay.
    const upcoming = first.indexOf("Upcoming stays and requests");
    const ended = first.indexOf("Ended and past requests");
    expect(upcoming).toBeGreaterThan(-1);
    expect(ended).toBeGreaterThan(upcoming);
    expect(first.slice(upcoming, ended)).not.toContain("Declined");
    expect(first.slice(upcoming, ended).match(/Confirmed|Awaiting confirmation/g)).toHaveLength(9);
    expect(first.slice(ended)).toContain("Declined");
    const second = visibleText(
      await (await request("/members?page=2", { headers: { Cookie: who.cookie } })).text(),
    );
    expect(second).toContain("Ended and past requests");
    expect(second).not.toContain("Upcoming stays");
  });
});

describe("the staff inbox", () => {
  it("filters bookings by new, waitlist, lapsed and decided, and offers no Confirm on a waitlist card", async () => {
    const { holder, first } = await heldWithWaitlist();
    const admin = await createUser("admin");
    const cookie = await signIn(admin.id, { aal: "aal2" });
    const inbox = async (status: string) =>
      await (
        await request(`/admin/requests?kind=booking&status=${status}`, {
          headers: { Cookie: cookie },
        })
      ).text();
    const card = (html: string, id: string) => {
      const start = html.indexOf(`id="request-${id}"`);
      return start < 0 ? null : html.slice(start, html.indexOf("</article>", start));
    };
    expect(card(await inbox("new"), holder.request.id)).toContain("Confirm");
    expect(card(await inbox("new"), first.request.id)).toBeNull();
    const waiting = card(await inbox("waitlist"), first.request.id)!;
    expect(waiting).toContain("On the waitlist");
    expect(waiting).not.toMatch(/value="confirm"/);

    await sweep(new Date(testNow().getTime() + 72 * HOUR + 60_000));
    const lapsed = card(await inbox("lapsed"), holder.request.id)!;
    expect(visibleText(lapsed)).toContain("Lapsed");
    expect(lapsed).not.toMatch(/value="confirm"/);
    // Staff read the offer in their own words, not the member's.
    const offered = visibleText(card(await inbox("waitlist"), first.request.id)!);
    expect(offered).toContain("Offered to the member");
    expect(offered).toContain("offered to this member");
    expect(offered).not.toContain("yours to request");
    expect(card(await inbox("decided"), holder.request.id)).toBeNull();
  });
});

describe("dates of a member's own choosing", () => {
  /** A member sends the form for their own dates (no week). */
  function sendDates(who: Member, checkInDate: string, checkOutDate: string) {
    return post(
      `/book?location=${LOCATION.id}&roomType=${ROOM}`,
      {
        location: LOCATION.id,
        roomType: ROOM,
        checkInDate,
        checkOutDate,
        firstName: "Olga",
        lastName: "Own",
        email: who.email,
        phone: "+1 555 0100",
        adults: "2",
        idempotencyKey: crypto.randomUUID(),
        ...BOT_CHECK,
      },
      who.cookie,
    );
  }

  it("are quoted before sending, hold the weeks they take, and free them to their waitlists when they lapse", async () => {
    const [early, late] = [await freshWeek(), await freshWeek()];
    // Ten nights from the middle of one week into the next (they are consecutive Saturdays).
    expect(late.checkIn).toBe(addDays(early.checkIn, 7));
    const checkIn = addDays(early.checkIn, 3);
    const checkOut = addDays(checkIn, 10);
    const who = await member();

    const estimate = await request(
      `/book/estimate?roomType=${ROOM}&checkInDate=${checkIn}&checkOutDate=${checkOut}`,
      { headers: { Cookie: who.cookie } },
    );
    const quote = (await estimate.json()) as {
      problem: string | null;
      estimatedTotal: number;
      nights: number;
    };
    // Four nights of one week and six of the next at 2,100 a week, with no charges.
    expect(quote).toMatchObject({ problem: null, nights: 10, estimatedTotal: 3000 });
    // Visitors see no prices; a short stay is refused with the resort's minimum.
    expect(
      (
        await request(
          `/book/estimate?roomType=${ROOM}&checkInDate=${checkIn}&checkOutDate=${checkOut}`,
        )
      ).status,
    ).toBe(401);
    const short = await request(
      `/book/estimate?roomType=${ROOM}&checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 2)}`,
      { headers: { Cookie: who.cookie } },
    );
    expect(((await short.json()) as { problem: string }).problem).toBe(
      WEEK_MESSAGES.minimumStay(7),
    );

    expect((await sendDates(who, checkIn, checkOut)).status).toBe(302);
    const [ownDates] = await db
      .select()
      .from(bookingRequests)
      .where(and(eq(bookingRequests.userId, who.id), eq(bookingRequests.checkInDate, checkIn)));
    expect(ownDates).toMatchObject({ estimatedTotal: 3000, weekId: null });
    // Wherever the total is shown, the room's share of it is a line of its own, and the hold
    // says until when.
    const receipt = (await emailsAbout(ownDates!.id)).find((email) => email.to === who.email);
    expect(receipt?.text).toContain("Room (10 nights): US$3,000");
    const page = visibleText(
      await (
        await request(`/members/requests/${ownDates!.id}`, { headers: { Cookie: who.cookie } })
      ).text(),
    );
    expect(page).toContain("Room (10 nights)");
    expect(page).toMatch(/We hold these dates for you while the resort confirms them \(until .+\)/);
    const admin = await createUser("admin");
    const inbox = await (
      await request("/admin/requests?kind=booking&status=new", {
        headers: { Cookie: await signIn(admin.id, { aal: "aal2" }) },
      })
    ).text();
    const start = inbox.indexOf(`id="request-${ownDates!.id}"`);
    const card = inbox.slice(start, inbox.indexOf("</article>", start)).replace(/<!-- -->/g, "");
    expect(card).toContain("Room (10 nights): US$3,000");
    for (const week of [early, late]) {
      expect(await weekOf(week.id)).toMatchObject({ state: "requested", requestId: ownDates!.id });
    }
    // Nobody else may take those weeks, nor nights of them; a member may wait for one.
    const rival = await member();
    expect((await sendWeek(rival, late.checkIn)).status).toBe(409);
    expect((await sendDates(rival, addDays(checkIn, 1), addDays(checkIn, 8))).status).toBe(409);
    expect((await sendWeek(rival, late.checkIn, { waitlist: true })).status).toBe(302);

    // No decision in 72 hours: both weeks free, the waited-for one to its waitlist.
    await sweep(new Date(testNow().getTime() + 72 * HOUR + 60_000));
    expect(await statusOf(ownDates!.id)).toMatchObject({ status: "lapsed" });
    expect(await weekOf(early.id)).toMatchObject({ state: "open", requestId: null });
    const waiting = await requestOf(rival, late.id);
    expect(waiting.status).toBe("offered");
    expect(await weekOf(late.id)).toMatchObject({ state: "requested", requestId: waiting.id });
  });
});

describe("deadlines and times, in the resort's zone", () => {
  /** `at` as Intl reads it in `timeZone`: the oracle the site's own arithmetic is held to. */
  function intlReads(at: string, timeZone: string) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        weekday: "short",
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "shortOffset",
      })
        .formatToParts(new Date(at))
        .map((part) => [part.type, part.value]),
    );
    const minutes = parts.minute === "00" ? "" : `:${parts.minute}`;
    return {
      moment: `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}${minutes} ${parts.dayPeriod}`,
      offset: parts.timeZoneName!.replace("GMT", "UTC").replace("-", "−"),
    };
  }
  /** "Sat, Jan 2, 2027, 4:05 PM (Eastern Time, UTC−5)": a moment at the resort. */
  const atResort = (at: string) => {
    const { moment, offset } = intlReads(at, LOCATION.timeZone);
    return `${moment} (Eastern Time, ${offset})`;
  };
  /** The same with UTC's reading, as e-mails and calendar files give it. */
  const atResortAndUtc = (at: string) =>
    `${atResort(at).slice(0, -1)}; ${intlReads(at, "UTC").moment} UTC)`;
  /** A page's words without their markup. */
  const pageText = async (path: string, who: Member) =>
    (await (await request(path, { headers: { Cookie: who.cookie } })).text())
      .replace(/<[^>]+>/g, "")
      .replaceAll("<!-- -->", "");
  const staffInbox = async (status: string, id: string) => {
    const cookie = await signIn((await createUser("admin")).id, { aal: "aal2" });
    const html = await (
      await request(`/admin/requests?kind=booking&status=${status}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    const start = html.indexOf(`id="request-${id}"`);
    return html.slice(start, html.indexOf("</article>", start)).replace(/<[^>]+>/g, "");
  };
  const staffFeed = async (now: Date) => {
    const { token } = (await renewCalendarToken(db, ROOM))!;
    const site = { siteName: "Insider Stays", contactEmail: "hello@insiderstays.example" };
    const feed = await roomCalendar(db, { token, site, now });
    return readCalendar(`${feed}`, "text/calendar; method=PUBLISH").map((event) =>
      String(event.description),
    );
  };

  it("a hold's deadline and the stay's hours: on the member's pages, in the inbox and the staff feed, each naming the zone", async () => {
    const { week, holder } = await heldWithWaitlist();
    const heldUntil = (await weekOf(week.id)).heldUntil!;
    const { createdAt } = holder.request;

    const page = await pageText(`/members/requests/${holder.request.id}`, holder);
    expect(page).toContain(
      `We hold this week for you while the resort confirms it (until ${atResort(heldUntil)}).`,
    );
    expect(page).toContain(`Sent · ${atResort(createdAt)}`);
    // The stay begins and ends on the resort's clock: 4 PM and 10 AM there, whatever the offset.
    const checkIn = `${formatStayDate(week.checkIn)}, from 4 PM (Eastern Time, ${intlReads(`${week.checkIn}T21:00:00Z`, LOCATION.timeZone).offset})`;
    expect(page).toContain(checkIn);
    expect(await pageText(`/booking-confirmation?request=${holder.request.id}`, holder)).toContain(
      checkIn,
    );
    expect(await pageText("/members", holder)).toContain(`Sent ${atResort(createdAt)}`);

    expect(await staffInbox("new", holder.request.id)).toContain(
      `The week is held for this member until ${atResort(heldUntil)}; with no decision by then, the request lapses.`,
    );
    expect(await staffFeed(testNow())).toContainEqual(
      expect.stringContaining(`Held until ${atResortAndUtc(heldUntil)}`),
    );
  });

  it("an offer's deadline: in the e-mail with UTC's reading, on the member's page, in the inbox and the staff feed", async () => {
    const { week, holder, first } = await heldWithWaitlist();
    expect((await memberPost(holder, holder.request.id, "withdraw")).status).toBe(302);
    const offeredUntil = (await weekOf(week.id)).heldUntil!;

    const [offer] = (await emailsAbout(first.request.id)).filter((email) =>
      email.subject.startsWith("The week you waited for is free"),
    );
    expect(offer!.text).toContain(
      `we hold it for you until ${atResortAndUtc(offeredUntil)}. Until then only you can request it.`,
    );
    expect(await pageText(`/members/requests/${first.request.id}`, first)).toContain(
      `Only you can request it until ${atResort(offeredUntil)}.`,
    );
    expect(await staffInbox("waitlist", first.request.id)).toContain(
      `The week is offered to this member until ${atResort(offeredUntil)}`,
    );
    expect(await staffFeed(testNow())).toContainEqual(
      expect.stringContaining(`Offered until ${atResortAndUtc(offeredUntil)}`),
    );
  });
});
