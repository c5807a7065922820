/**
 * Business rules that are code, kept beside a declaration (`<entity>.rules.ts`) rather than in
 * it: the spec stays data. A record rule reads the values of one record; the form runs it before it
 * sends and the server runs it again in the same schema, so both refuse with the same words.
 */
import type { Titles } from './spec';

/** What a rule refuses: the field it marks and the message, in both languages. */
export interface RuleProblem {
  field: string;
  message: Titles;
}

export type RecordRule = (values: Readonly<Record<string, unknown>>) => RuleProblem | null;
