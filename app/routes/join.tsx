import { Link } from "react-router";
import { type Route } from "./+types/join";
import { getAppContext } from "~/context";
import { joinFormScriptUrl } from "~/lib/site.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Join us",
    description:
      "Membership is by invitation. Travel agents can apply to join our team: free training and an 80/20 commission split in the agent's favour.",
    path: "/join",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { formScriptUrl: joinFormScriptUrl(getAppContext(context).env)?.href ?? null };
}

export default function Join({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">Join us</h1>
      <p className="mt-4 text-lg text-slate-700">
        Membership is by invitation. Travel agents are welcome to apply: we offer free training and
        an 80/20 commission split, with the agent keeping 80%.
      </p>
      {loaderData.formScriptUrl ? (
        <div className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div id="join-form" />
          <script src={loaderData.formScriptUrl} async />
        </div>
      ) : (
        <div className="mt-10 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-navy-900 font-serif text-2xl">Become a travel agent</h2>
          <p className="mt-2 text-slate-700">
            Tell us about yourself in our agent application and we'll be in touch.
          </p>
          <Link
            to="/agents"
            className="bg-navy-900 hover:bg-navy-800 mt-6 inline-block rounded-lg px-5 py-3 font-semibold text-white"
          >
            Apply as a travel agent
          </Link>
          <p className="mt-6 text-sm text-slate-600">
            Already a member?{" "}
            <Link to="/login" className="text-gold-700 font-medium underline underline-offset-4">
              Sign in
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
