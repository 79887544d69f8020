import { type Route } from "./+types/terms-of-service";
import { ContentPage } from "~/components/content-page";
import { TermsOfServiceContent } from "~/content/terms-of-service";
import { pageMeta, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: `The terms that apply to booking requests, stays and accounts with ${siteFromMatches(matches).siteName}.`,
    path: "/terms-of-service",
  });

export default function TermsOfService({ matches }: Route.ComponentProps) {
  const { siteName, contactEmail } = siteFromMatches(matches);
  return (
    <ContentPage title="Terms of Service">
      <TermsOfServiceContent siteName={siteName} contactEmail={contactEmail} />
    </ContentPage>
  );
}
