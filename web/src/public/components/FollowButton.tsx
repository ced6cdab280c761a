import { usePublic } from "../context.ts";
import type { Followed } from "../follows.ts";

/** Follows a player with one tap (kept on this phone), or stops following them. */
export function FollowButton({ player }: { player: Followed }) {
  const { follows } = usePublic();
  const following = follows.followed.value.some((p) => p.key === player.key);
  return (
    <button
      type="button"
      class={following ? "follow following" : "follow"}
      onClick={() => follows.toggle(player)}
    >
      {following ? `Stop following ${player.name}` : `Follow ${player.name}`}
    </button>
  );
}
