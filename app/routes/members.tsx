import { Link } from "react-router";
import type { Route } from "./+types/members";
import { requireUser } from "~/auth/guards.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Members",
    description: "Your member account.",
    path: "/members",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireUser(request, context);
  return {
    email: auth.user.email,
    isAdmin: auth.user.role === "admin",
    hasVerifiedFactor: auth.hasVerifiedFactor,
  };
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { email, isAdmin, hasVerifiedFactor } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-serif text-4xl text-navy-900">Welcome</h1>
      <p className="mt-3 text-lg text-slate-700">Signed in as {email}</p>
      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        <Link
          to="/locations"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
        >
          <h2 className="font-serif text-xl text-navy-900">Browse locations</h2>
          <p className="mt-2 text-sm text-slate-600">
            Member rates, holiday weeks and fees are now shown on every location page.
          </p>
        </Link>
        <Link
          to="/account/security"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
        >
          <h2 className="font-serif text-xl text-navy-900">Sign-in security</h2>
          <p className="mt-2 text-sm text-slate-600">
            {hasVerifiedFactor
              ? "Your authenticator app is set up."
              : "Add an authenticator app as a second step when you sign in."}
          </p>
        </Link>
        {isAdmin && (
          <Link
            to="/admin/users"
            className="rounded-2xl bg-navy-900 p-6 text-white shadow-sm transition hover:bg-navy-800"
          >
            <h2 className="font-serif text-xl">Admin</h2>
            <p className="mt-2 text-sm text-slate-200">Invite and manage members.</p>
          </Link>
        )}
      </div>
    </section>
  );
}
