import { create } from 'zustand';

/** The query each entity's list last ran (filters, sort): export sends the same. */
interface ListQueriesState {
  queries: Record<string, Record<string, unknown>>;
  remember(entity: string, query: Record<string, unknown>): void;
}

export const useListQueries = create<ListQueriesState>()((set) => ({
  queries: {},
  remember: (entity, query) => set((state) => ({ queries: { ...state.queries, [entity]: query } })),
}));
