import { useNavigation } from "react-router";

/** A thin bar and a status message while the next page's data loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!loading}
      className={`bg-gold-500 pointer-events-none fixed inset-x-0 top-0 z-50 h-1 origin-left transition-transform duration-500 ${
        loading ? "scale-x-75" : "scale-x-0"
      }`}
    />
  );
}
