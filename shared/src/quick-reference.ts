/**
 * The exam's key numbers, for the open-book Reference drawer (issue 16). Each line comes from the
 * team's sourced fact sheet (../shared/domain/rpas-basic-facts.md, facts marked confirmed) and
 * names the rule it states, so a learner can check it in the CARs.
 */
export type QuickReferenceItem = { topic: string; fact: string; source: string };

export const QUICK_REFERENCE: readonly QuickReferenceItem[] = [
  {
    topic: 'Small RPA',
    fact: 'Operating weight of 250 g up to and including 25 kg (micro: under 250 g)',
    source: 'CARs 900.01',
  },
  {
    topic: 'Maximum altitude',
    fact: '122 m (400 ft) AGL; 30 m (100 ft) above a building or structure within 61 m (200 ft) of it',
    source: 'CARs 901.25',
  },
  {
    topic: 'People not involved',
    fact: 'At least 30 m (100 ft) horizontally, at any altitude (basic operations)',
    source: 'CARs 901.26',
  },
  {
    topic: 'Airports and heliports',
    fact: 'At least 3 NM from the centre of an airport, 1 NM from the centre of a heliport',
    source: 'CARs 901.47(2)',
  },
  {
    topic: 'Military aerodromes',
    fact: 'At least 3 NM from the centre unless DND authorizes',
    source: 'CARs 901.47(4)',
  },
  {
    topic: 'Controlled airspace',
    fact: 'Not in basic operations: advanced operations with an ATS authorization only',
    source: 'CARs 901.14',
  },
  {
    topic: 'Forest fires',
    fact: 'Not over or within 5 NM of a forest fire area below 3,000 ft AGL',
    source: 'CARs 601.15',
  },
  {
    topic: 'Right of way',
    fact: 'Give way to power-driven aircraft, airships, gliders and balloons at all times',
    source: 'CARs 901.17',
  },
  {
    topic: 'Alcohol',
    fact: 'Not within 12 hours after drinking alcohol, nor while under its influence',
    source: 'CARs 901.19',
  },
  {
    topic: 'Several RPA',
    fact: 'No more than 5 at a time from one control station, VLOS',
    source: 'CARs 901.40',
  },
  {
    topic: 'Registration changes',
    fact: 'Tell the Minister within 7 days; a missing RPA counts after 60 days',
    source: 'CARs 900.18, 900.19',
  },
  {
    topic: 'Records',
    fact: 'Flight records 12 months; maintenance records 24 months',
    source: 'CARs 901.48',
  },
  { topic: 'Pilot age', fact: 'Basic 14, advanced 16', source: 'CARs 901.54, 901.63' },
  {
    topic: 'Recency',
    fact: 'A certificate, exam, flight review or recurrent training within the last 24 months',
    source: 'CARs 901.56',
  },
  {
    topic: 'Retaking the exam',
    fact: 'Wait 24 hours after a failed attempt',
    source: 'CARs 901.59',
  },
  { topic: 'Pass mark', fact: '65 % on the basic exam', source: 'Standard 921.01' },
];
