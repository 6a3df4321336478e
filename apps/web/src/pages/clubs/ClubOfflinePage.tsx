// A club's offline recordings (/dashboard/clubs/{id}/offline) inside the club
// view; "Turn into a match" makes a match of one and opens it.
import { OfflineTable } from "../recorded/OfflineTable.tsx";
import { ClubFrame } from "./ClubFrame.tsx";
import "../../styles/recorded.css";

export default function ClubOfflinePage() {
  return <ClubFrame>{(club) => <OfflineTable club={club.id} timezone={club.timezone} />}</ClubFrame>;
}
