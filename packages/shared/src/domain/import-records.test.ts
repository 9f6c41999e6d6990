import { describe, expect, it } from 'vitest';
import { DayOneEntry } from '../schemas/import.ts';
import { dayOneCandidate, dayOneDetails } from './import-records.ts';

const noFiles = { has: () => false };

const record = (extra: Record<string, unknown>) =>
  DayOneEntry.parse({
    uuid: 'A1B2C3',
    creationDate: '2023-07-04T19:30:00Z',
    timeZone: 'Europe/Lisbon',
    text: 'Dinner by the river.',
    ...extra,
  });

describe('Day One details kept with the text (ADR 078)', () => {
  it('keeps starred, the place and the weather as one line after the text, before the tags', () => {
    const entry = record({
      starred: true,
      tags: ['summer'],
      location: {
        placeName: 'Praça do Comércio',
        localityName: 'Lisbon',
        administrativeArea: 'Lisbon',
        country: 'Portugal',
        latitude: 38.7,
        longitude: -9.1,
      },
      weather: {
        conditionsDescription: 'Partly Cloudy',
        temperatureCelsius: 21.4,
        weatherCode: 'partly-cloudy',
      },
    });
    const candidate = dayOneCandidate(entry, noFiles, 'UTC');
    expect(candidate.text).toBe(
      'Dinner by the river.\n\nStarred · Place: Praça do Comércio, Lisbon, Portugal · Weather: Partly Cloudy, 21 °C',
    );
    expect(candidate.tags).toEqual(['summer']);
  });

  it('writes only what Day One wrote, and nothing for an entry without any of it', () => {
    expect(dayOneDetails(record({ weather: { temperatureCelsius: -3.6 } }))).toBe('Weather: -4 °C');
    expect(dayOneDetails(record({ location: { country: 'Iceland' } }))).toBe('Place: Iceland');
    expect(dayOneDetails(record({ starred: false }))).toBeNull();
    expect(dayOneCandidate(record({}), noFiles, 'UTC').text).toBe('Dinner by the river.');
    // A photo-only entry gets the line alone.
    expect(dayOneCandidate(record({ text: '', starred: true }), noFiles, 'UTC').text).toBe('Starred');
  });

  it('leaves out a place or weather of another shape instead of refusing the archive', () => {
    const entry = record({ location: { placeName: 42, country: 'Chile' }, weather: 'sunny' });
    expect(dayOneDetails(entry)).toBe('Place: Chile');
  });
});
