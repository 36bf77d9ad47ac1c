import { formatCount } from "../shared/format.ts";

/** A probability as a percentage with one decimal ("62.5 %"); "—" where it is undefined (fewer than k trials). */
export const formatShare = (p: number | null | undefined): string => (p == null ? "—" : `${(p * 100).toFixed(1)} %`);

export const formatMs = (ms: number): string => `${formatCount(Math.round(ms))} ms`;
