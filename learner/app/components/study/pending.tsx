import { useNavigation } from 'react-router';

/** A thin bar under the header while the next study page loads (pages render on the server). */
export function PendingNavigation({ label }: { label: string }) {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <output className="fixed inset-x-0 top-16 z-30 block h-1 animate-pulse bg-sky-600">
      <span className="sr-only">{label}</span>
    </output>
  );
}
