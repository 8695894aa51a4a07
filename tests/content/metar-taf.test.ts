/**
 * The comparator behind the METAR/TAF figure questions' `decoded` checks (./metar-taf.ts): it must
 * pass the values a report decodes to and fail on any other, or a wrong key would go unseen.
 */
import { describe, expect, it } from 'vitest';
import { decodedMismatches, isComparableKey, readDecoded } from './metar-taf.ts';

const SHOWERS = 'METAR CZZL 150800Z 12012KT 4SM SHRA BKN025 OVC050 11/09 A2969';
const LIGHT_SNOW = 'METAR CZZX 141800Z 27015KT 3/4SM -SN BKN012 OVC030 M05/M08 A2992';
const TAF = [
  'TAF CZZB 100540Z 1006/1106 18010KT P6SM BKN030',
  'FM101500 22018G28KT 2SM -SHRA OVC012',
  'FM110000 27010KT P6SM SCT040',
].join('\n');

describe('decoded checks of a METAR or TAF figure', () => {
  it('pass on the values the report decodes to', () => {
    expect(
      decodedMismatches(SHOWERS, 'metar', {
        'wind.degrees': 120,
        'wind.speed': 12,
        'visibility.value': 4,
        'weatherConditions.0.intensity': 'moderate',
        'weatherConditions.0.descriptive': 'SH',
        'weatherConditions.0.phenomenons.0': 'RA',
        'clouds.length': 2,
        'clouds.1.height': 5000,
        temperature: 11,
        'altimeter.value': 29.69,
        auto: false,
      }),
    ).toEqual([]);
  });

  it('fail on a wrong intensity, either way round', () => {
    expect(decodedMismatches(SHOWERS, 'metar', { 'weatherConditions.0.intensity': '-' })).toEqual([
      'weatherConditions.0.intensity: the report decodes to "moderate", not "-"',
    ]);
    expect(
      decodedMismatches(LIGHT_SNOW, 'metar', { 'weatherConditions.0.intensity': 'moderate' }),
    ).toHaveLength(1);
    expect(
      decodedMismatches(LIGHT_SNOW, 'metar', { 'weatherConditions.0.intensity': '-' }),
    ).toEqual([]);
  });

  it('fail on a wrong number, a wrong type of value and a flag the report does not carry', () => {
    expect(decodedMismatches(SHOWERS, 'metar', { 'wind.speed': 21 })).toHaveLength(1);
    expect(decodedMismatches(SHOWERS, 'metar', { 'wind.speed': '12' })).toHaveLength(1);
    expect(decodedMismatches(SHOWERS, 'metar', { 'clouds.1.height': 500 })).toHaveLength(1);
    expect(decodedMismatches(SHOWERS, 'metar', { auto: true })).toHaveLength(1);
    // A group the report does not have decodes to nothing, never to a "moderate" default.
    expect(
      decodedMismatches(SHOWERS, 'metar', { 'weatherConditions.1.intensity': 'moderate' }),
    ).toEqual(['weatherConditions.1.intensity: the report decodes to nothing, not "moderate"']);
  });

  it('check one part of a TAF against another part', () => {
    expect(
      decodedMismatches(TAF, 'taf', {
        'validity.startDay': 10,
        'validity.endHour': 6,
        'trends.length': 2,
        'trends.0.type': 'FM',
        'trends.0.validity.startHour': 15,
        'trends.0.wind.gust': 28,
        'trends.0.weatherConditions.0.intensity': '-',
        'trends.1.visibility.indicator': 'P',
      }),
    ).toEqual([]);
    // The opening line's wind is not the FM101500 group's.
    expect(decodedMismatches(TAF, 'taf', { 'wind.degrees': 220 })).toHaveLength(1);
    expect(decodedMismatches(TAF, 'taf', { 'trends.0.wind.degrees': 180 })).toHaveLength(1);
  });

  it('refuse paths that are not decoded values, or do not belong to the format', () => {
    for (const key of ['message', 'trends.0.raw', 'initialRaw', 'wind', 'clouds.0', 'wind.gusts'])
      expect(isComparableKey('taf', key), key).toBe(false);
    expect(isComparableKey('metar', 'validity.startDay')).toBe(false);
    expect(isComparableKey('metar', 'trends.0.wind.speed')).toBe(false);
    expect(isComparableKey('taf', 'temperature')).toBe(false);
    expect(decodedMismatches(SHOWERS, 'metar', { message: SHOWERS })).toEqual([
      'message: not a decoded value a metar check can compare',
    ]);
    expect(readDecoded({ clouds: [] }, 'clouds.length')).toBe(0);
  });
});
