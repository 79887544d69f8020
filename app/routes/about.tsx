import { type Route } from "./+types/about";
import { ContentPage } from "~/components/content-page";
import { AboutContent } from "~/content/about";
import { pageMeta, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our story",
    description: `How ${siteFromMatches(matches).siteName} brings luxury resort weeks to members at wholesale rates: our story, how booking works, and what we value.`,
    path: "/about",
  });

export default function About({ matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  return (
    <ContentPage title="Our story">
      <AboutContent siteName={siteName} />
    </ContentPage>
  );
}
