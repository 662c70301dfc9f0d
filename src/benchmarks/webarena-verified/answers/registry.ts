import { base64, empty, json, markdown, stringList } from './formats.ts';
import { coordinates } from './geo.ts';
import { currency, distance, number } from './quantities.ts';
import { date, duration, month } from './times.ts';
import { boolean, locationName, string, type Schema, type ValueType } from './types.ts';
import { url } from './url-type.ts';

/** The reference's TYPE_REGISTRY (data_types/__init__.py): a new type is one module plus one line here. */
const REGISTRY: Record<string, ValueType> = {
  string, number, integer: number, boolean, currency, date, month, duration, distance, 'location-name': locationName,
  coordinates, url, json, markdown, string_list: stringList, base64, null: empty,
};

/** A schema's value type: its `format` wins over its `type`; text when it names neither. */
export function typeOf(schema: Schema | undefined): ValueType {
  return (schema?.format !== undefined && REGISTRY[schema.format]) || (schema?.type !== undefined && REGISTRY[schema.type]) || string;
}
