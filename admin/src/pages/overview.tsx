export function OverviewPage() {
  return (
    <section aria-labelledby="admin-page-title">
      <h2 id="admin-page-title" className="text-xl font-semibold text-slate-900">
        Overview
      </h2>
    </section>
  );
}
