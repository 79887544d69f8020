import { type Route } from "./+types/nonprofits";
import { ContentPage } from "~/components/content-page";
import { NonprofitsContent } from "~/content/nonprofits";
import { pageMeta, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Nonprofits",
    description: `Invite-only discounted resort packages for nonprofit galas and auctions, with a downloadable pricing spreadsheet.`,
    path: "/nonprofits",
  });

export default function Nonprofits({ matches }: Route.ComponentProps) {
  const { siteName, contactEmail } = siteFromMatches(matches);
  return (
    <ContentPage title="Nonprofits">
      <NonprofitsContent siteName={siteName} contactEmail={contactEmail} />
    </ContentPage>
  );
}
