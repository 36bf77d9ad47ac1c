/** What the claims panel shows for a final decision without claims, or before there is one. */
export const NoClaims = ({ scored }: { scored: boolean }) => <p className="empty">No claims{scored ? "" : " (yet)"}.</p>;
