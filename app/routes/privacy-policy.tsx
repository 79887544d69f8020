import { type Route } from "./+types/privacy-policy";
import { ContentPage } from "~/components/content-page";
import { PrivacyPolicyContent } from "~/content/privacy-policy";
import { pageMeta, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: `How ${siteFromMatches(matches).siteName} collects, uses and protects your personal information.`,
    path: "/privacy-policy",
  });

export default function PrivacyPolicy({ matches }: Route.ComponentProps) {
  const { siteName, contactEmail } = siteFromMatches(matches);
  return (
    <ContentPage title="Privacy Policy">
      <PrivacyPolicyContent siteName={siteName} contactEmail={contactEmail} />
    </ContentPage>
  );
}
