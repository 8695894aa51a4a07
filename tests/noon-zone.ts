/**
 * A time zone where it is about noon now (Etc/GMT-N is N hours ahead of UTC). A learner's day is
 * the one of their zone: run near its midnight, the cards a quiz schedules minutes ahead are due
 * tomorrow, rightly, and neither the dashboard, the review session nor the reminder counts them
 * "today"; answers a test means for one day could fall on two. Tests that need the learner's today
 * to hold for their length put the learner (or the browser) here; `hoursFromNoon` gives a second
 * zone as many hours from noon (a learner further west: -1).
 */
export function noonZone(hoursFromNoon = 0): string {
  const ahead = 12 + hoursFromNoon - new Date().getUTCHours();
  return ahead === 0 ? 'UTC' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}
