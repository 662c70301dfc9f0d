import { pythonFloat } from '../../../python/float.ts';
import type { ValueType } from './types.ts';

// Coordinates as WebArena-Verified reads them (data_types/coordinates.py with geopy's Point):
// a {latitude, longitude} object (keys by prefix: lat, lng, lon...), a [lat, lon] pair, or text
// ("40.7, -74.0", "40.7N 74.0W", "40 deg 42' 46\" N, 74 deg 0' 21\" W").

interface Point {
  latitude: number;
  longitude: number;
}

const TOLERANCE = 1e-5;

/** A key of an object that names latitude (a prefix of "latitude", 2+ letters) or longitude (of "longitude", or "lng"). */
function keyFor(data: Record<string, unknown>, which: 'latitude' | 'longitude'): string | undefined {
  return Object.keys(data).find((key) => {
    const k = key.toLowerCase();
    return (which.startsWith(k) && k.length >= 2) || (which === 'longitude' && k === 'lng');
  });
}

const degrees = (value: unknown): number => {
  const n = typeof value === 'number' ? value : pythonFloat(String(value).trim());
  if (n === undefined || !Number.isFinite(n)) throw new Error(`not a coordinate: ${JSON.stringify(value)}`);
  return n;
};

/** One coordinate of a text: degrees, minutes and seconds, or decimal degrees, and a hemisphere letter. */
function coordinateOf(text: string): number {
  const match = /^\s*([-+]?\d+(?:\.\d+)?)\s*(?:°|deg)?\s*(?:(\d+(?:\.\d+)?)\s*(?:'|′|m)\s*)?(?:(\d+(?:\.\d+)?)\s*(?:"|″|''|s)\s*)?([nsew])?\s*$/i.exec(text);
  if (!match) throw new Error(`not a coordinate: "${text}"`);
  const [, d, m, s, hemisphere] = match;
  const value = Math.abs(Number(d)) + Number(m ?? 0) / 60 + Number(s ?? 0) / 3600;
  const negative = d!.startsWith('-') !== /[sw]/i.test(hemisphere ?? '');
  return negative ? -value : value;
}

/** geopy keeps longitudes in [-180, 180]. */
const wrapped = (longitude: number) => (Math.abs(longitude) <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180);

function pointOf(value: unknown): Point {
  if (Array.isArray(value) && value.length === 2) return { latitude: degrees(value[0]), longitude: degrees(value[1]) };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const data = value as Record<string, unknown>;
    const [lat, lon] = [keyFor(data, 'latitude'), keyFor(data, 'longitude')];
    if (lat === undefined || lon === undefined) throw new Error(`coordinates need a latitude and a longitude key, not ${JSON.stringify(Object.keys(data))}`);
    return { latitude: degrees(data[lat]), longitude: degrees(data[lon]) };
  }
  if (typeof value === 'string') {
    const parts = value.includes(',') ? value.split(',') : value.trim().split(/\s+(?=[-+]?\d)/);
    if (parts.length !== 2) throw new Error(`not a pair of coordinates: "${value}"`);
    return { latitude: coordinateOf(parts[0]!), longitude: coordinateOf(parts[1]!) };
  }
  throw new Error(`not coordinates: ${JSON.stringify(value)}`);
}

export const coordinates: ValueType = {
  // A pair of numbers or texts is one point, not two alternatives.
  isOne: (raw) => Array.isArray(raw) && raw.length === 2 && raw.every((v) => ['number', 'string'].includes(typeof v)),
  normalize(raw) {
    if (!raw) throw new Error('no coordinates');
    const point = pointOf(raw);
    if (Math.abs(point.latitude) > 90) throw new Error(`latitude must be between -90 and 90 degrees, not ${point.latitude}`);
    return { latitude: point.latitude, longitude: wrapped(point.longitude) };
  },
  // The reference compares the first alternative of each side only.
  equal(a, b) {
    const [p, q] = [a[0] as Point, b[0] as Point];
    return Math.abs(p.latitude - q.latitude) <= TOLERANCE && Math.abs(p.longitude - q.longitude) <= TOLERANCE;
  },
};
