import { DevicesPage } from "./DevicesPage.tsx";

export default function RoutersPage() {
  return <DevicesPage kind="routers" />;
}
