/** The replica the components read and edit, provided once at the root (main.tsx). */
import { createContext, useContext } from 'react';
import type { Replica } from './replica.ts';

export const ReplicaContext = createContext<Replica | null>(null);

export function useReplica(): Replica {
  const replica = useContext(ReplicaContext);
  if (!replica) throw new Error('useReplica needs a ReplicaContext above it');
  return replica;
}
