// Demo data for local use (`npm run db:seed`; `npm start` runs it on an empty
// database). Safe to re-run: every row is found by a natural key (sport slug,
// club name, field and team within their club, user e-mail, role and permission
// name, configuration barcode, camera technical name, device serial) or, for
// rows without one, by a deterministic identity (a match by its club, teams and
// training flag; an offline recording by its path on the camera server; a
// sequence by match, user and name; a marker by sequence, time and label; a
// notification by language and text). A re-run updates those rows in place, so
// it adds nothing and moves the demo matches back around "now". All of it runs
// in one transaction: a failed seed leaves the database as it was. Every URL it
// writes comes from the settings (seedUrls), so an instance on other ports gets
// its own simulator's and gateway's addresses.
import {
  DEMO_VOD_SECONDS,
  GATEWAY_CAMERA_TYPE,
  PERMISSIONS,
  SPORT_TYPES,
  deriveLivestream,
  type LocaleCode,
  type MatchStatus,
  type SportType,
  type StoredScope,
  utcToZoned,
  zonedToUtc,
} from "@clubcast/shared";
import { createPrismaClient, type DeviceStatus, type Prisma, type PrismaClient } from "@clubcast/db";
import { hashPassword } from "@clubcast/domain/auth/passwords.ts";
import { ingestOf, type IngestSettings } from "@clubcast/domain/media/ingest.ts";
import { cameraSimSettings, loadConfig } from "@clubcast/settings";
import { clubLogoUrl } from "@clubcast/domain/clubs/logo.ts";
import { createMediaStore, type MediaStore } from "@clubcast/media-store";
import { demoLogoPng, type DemoLogo } from "./demo-logos.ts";

type Db = Prisma.TransactionClient;

/** Password of every demo account (documented in the README, local use only). */
export const DEMO_PASSWORD = "clubcast-demo";

/**
 * The camera simulator's API client (for FC Zuiderpark's main camera), so `npm start`
 * can run the simulator as a signed-in camera controller. Demo credentials, like
 * the demo accounts: for local use only.
 */
export const DEMO_CAMERA_CLIENT = {
  name: "Camera simulator",
  clientId: "demo-camera-simulator",
  secret: "clubcast-demo-camera-secret",
  configurationBarcode: "CC-NL-0101",
} as const;

/** The addresses the seed writes, all from the settings. */
export interface SeedUrls {
  /** The seeded configurations' camera server: the simulator (CAMERA_SIM_URL / CAMERA_SIM_PORT). */
  cameraServer: string;
  /** Where players reach the simulator's video (CAMERA_SIM_PUBLIC_URL). */
  cameraMedia: string;
  /** The platform's own URL (PUBLIC_URL), for QR codes. */
  publicUrl: string;
  /** Where cameras publish to the media gateway (MEDIA_PUBLIC_HOST, RTMP_PORT, SRT_PORT). */
  ingest: IngestSettings;
}

export function seedUrls(env: NodeJS.ProcessEnv = process.env): SeedUrls {
  const config = loadConfig(env);
  const simulator = cameraSimSettings(env);
  return { cameraServer: simulator.url, cameraMedia: simulator.publicUrl, publicUrl: config.publicUrl, ingest: config };
}

/** The media gateway's machine client (no configuration: it serves every gateway configuration). */
export const DEMO_GATEWAY_CLIENT = {
  name: "Media gateway",
  clientId: "clubcast-media-gateway",
  secret: "clubcast-demo-gateway-secret",
} as const;

/** The demo configuration a camera, OBS or a phone streams to through the media gateway. */
export const DEMO_GATEWAY_CONFIGURATION = { barcode: "CC-NL-0105", streamKey: "zp-veld-3-demo-key" } as const;

const SPORT_NAMES: Record<SportType, string> = {
  basketball: "Basketball",
  figure_skating: "Figure skating",
  floorball: "Floorball",
  football: "Football",
  football_tactical: "Football (tactical view)",
  futsal: "Futsal",
  handball: "Handball",
  hockey: "Field hockey",
  icehockey: "Ice hockey",
  rugby: "Rugby",
  rugby_tactical: "Rugby (tactical view)",
  volleyball: "Volleyball",
  waterpolo: "Water polo",
};

// ───────────────────────────── clubs, fields, teams ─────────────────────────────

interface ClubSeed {
  name: string;
  sport: SportType;
  timezone: string;
  country: string;
  countryShort: string;
  activated: boolean;
  notificationEmail: string | null;
  fields: { name: string; portable?: boolean }[];
  /** Drawn as a PNG at seed time and stored as the club's uploaded logo. */
  logo: DemoLogo;
  /** Team full names are unique across the demo, so matches can name them. Parents come before children. */
  teams: { fullname: string; addition?: string; parent?: string; custom?: boolean }[];
}

const ZUIDERPARK = "FC Zuiderpark";
const DUINZICHT = "VV Duinzicht";
const LINDENAU = "HC Rot-Weiß Lindenau";
const EICHENAU = "THC Eichenau";
const KINGSBRIDGE = "Kingsbridge RFC";
const HUDSON = "Hudson Futsal Club";

const CLUBS: ClubSeed[] = [
  {
    name: ZUIDERPARK,
    logo: { primary: [0, 102, 51], secondary: [255, 255, 255], pattern: "stripes" },
    sport: "football",
    timezone: "Europe/Amsterdam",
    country: "Netherlands",
    countryShort: "NL",
    activated: true,
    notificationEmail: "wedstrijdsecretariaat@fczuiderpark.test",
    fields: [{ name: "Hoofdveld" }, { name: "Veld 2" }, { name: "Veld 3" }, { name: "Mobiele camera", portable: true }],
    teams: [
      { fullname: "FC Zuiderpark 1", addition: "1" },
      { fullname: "FC Zuiderpark 2", addition: "2", parent: "FC Zuiderpark 1" },
      { fullname: "FC Zuiderpark JO19-1", addition: "JO19-1", parent: "FC Zuiderpark 1" },
      { fullname: "FC Zuiderpark JO17-1", addition: "JO17-1", parent: "FC Zuiderpark JO19-1" },
      { fullname: "FC Zuiderpark VR1", addition: "VR1" },
      { fullname: "Keeperstraining", custom: true },
      { fullname: "Walking football 60+", custom: true },
    ],
  },
  {
    name: DUINZICHT,
    logo: { primary: [0, 71, 171], secondary: [255, 204, 0], pattern: "hoops" },
    sport: "football",
    timezone: "Europe/Amsterdam",
    country: "Netherlands",
    countryShort: "NL",
    activated: true,
    notificationEmail: "info@vvduinzicht.test",
    fields: [{ name: "Hoofdveld" }, { name: "Kunstgras 2" }],
    teams: [
      { fullname: "VV Duinzicht 1", addition: "1" },
      { fullname: "VV Duinzicht 2", addition: "2", parent: "VV Duinzicht 1" },
      { fullname: "VV Duinzicht 3", addition: "3", parent: "VV Duinzicht 1" },
      { fullname: "VV Duinzicht JO19-1", addition: "JO19-1" },
      { fullname: "VV Duinzicht JO17-1", addition: "JO17-1" },
      { fullname: "VV Duinzicht VR1", addition: "VR1" },
    ],
  },
  {
    name: LINDENAU,
    logo: { primary: [200, 16, 46], secondary: [255, 255, 255], pattern: "halves" },
    sport: "hockey",
    timezone: "Europe/Berlin",
    country: "Germany",
    countryShort: "DE",
    activated: true,
    notificationEmail: "spielbetrieb@rw-lindenau.test",
    fields: [{ name: "Kunstrasen 1" }, { name: "Kunstrasen 2" }],
    teams: [
      { fullname: "HC Rot-Weiß Lindenau 1. Herren", addition: "1. Herren" },
      { fullname: "HC Rot-Weiß Lindenau 1. Damen", addition: "1. Damen" },
      { fullname: "HC Rot-Weiß Lindenau Knaben A", addition: "Knaben A", parent: "HC Rot-Weiß Lindenau 1. Herren" },
      { fullname: "HC Rot-Weiß Lindenau Knaben B", addition: "Knaben B", parent: "HC Rot-Weiß Lindenau Knaben A" },
      { fullname: "Torwarttraining", custom: true },
    ],
  },
  {
    // Not (or no longer) a customer, but still an opponent in the demo's hockey matches.
    name: EICHENAU,
    logo: { primary: [0, 84, 60], secondary: [230, 184, 0], pattern: "quarters" },
    sport: "hockey",
    timezone: "Europe/Berlin",
    country: "Germany",
    countryShort: "DE",
    activated: false,
    notificationEmail: null,
    fields: [{ name: "Hauptplatz" }],
    teams: [
      { fullname: "THC Eichenau 1. Herren", addition: "1. Herren" },
      { fullname: "THC Eichenau 1. Damen", addition: "1. Damen" },
    ],
  },
  {
    name: KINGSBRIDGE,
    logo: { primary: [102, 0, 51], secondary: [0, 51, 102], pattern: "chevron" },
    sport: "rugby",
    timezone: "Europe/London",
    country: "United Kingdom",
    countryShort: "GB",
    activated: true,
    notificationEmail: "fixtures@kingsbridgerfc.test",
    fields: [{ name: "Main pitch" }, { name: "Back pitch" }],
    teams: [
      { fullname: "Kingsbridge RFC 1st XV", addition: "1st XV" },
      { fullname: "Kingsbridge RFC 2nd XV", addition: "2nd XV", parent: "Kingsbridge RFC 1st XV" },
      { fullname: "Kingsbridge RFC Colts U18", addition: "Colts U18", parent: "Kingsbridge RFC 1st XV" },
      { fullname: "Touch rugby social", custom: true },
    ],
  },
  {
    name: HUDSON,
    logo: { primary: [255, 102, 0], secondary: [20, 20, 20], pattern: "sash" },
    sport: "futsal",
    timezone: "America/New_York",
    country: "United States",
    countryShort: "US",
    activated: true,
    notificationEmail: "coaches@hudsonfutsal.test",
    fields: [{ name: "Court 1" }, { name: "Court 2" }],
    teams: [
      { fullname: "Hudson Futsal Club Men", addition: "Men" },
      { fullname: "Hudson Futsal Club Women", addition: "Women" },
      { fullname: "Hudson Futsal Club U15", addition: "U15", parent: "Hudson Futsal Club Men" },
    ],
  },
];

// ───────────────────────────── roles, permissions, accounts ─────────────────────────────

/** Permission names are `<category>.<action>`; the category groups them on the roles screen. */
const PERMISSION_NAMES = [
  PERMISSIONS.schedulerAll,
  PERMISSIONS.usersAll,
  "users.invite",
  "matches.view",
  "matches.create",
  "matches.update",
  "matches.delete",
  "matches.share",
  "matches.privacy",
  "recordings.view",
  "recordings.download",
  "recordings.restore",
  "recordings.delete",
  "sequences.create",
  "sequences.share",
  "teams.manage",
  "configurations.manage",
  "cameras.control",
  "streams.view",
  "clubs.manage",
  "monitoring.view",
] as const;
type PermissionName = (typeof PERMISSION_NAMES)[number];

const PLATFORM_ONLY: PermissionName[] = ["configurations.manage", "streams.view", "clubs.manage", "monitoring.view"];

const ROLES: { name: string; description: string; permissions: readonly PermissionName[] }[] = [
  { name: "Platform operator", description: "Runs the platform: every permission.", permissions: PERMISSION_NAMES },
  {
    name: "Club administrator",
    description: "Runs one club: matches, recordings, teams and users.",
    permissions: PERMISSION_NAMES.filter((name) => !PLATFORM_ONLY.includes(name)),
  },
  {
    name: "Trainer",
    description: "Schedules and records the team's matches and annotates them.",
    permissions: [
      PERMISSIONS.schedulerAll,
      "matches.view",
      "matches.create",
      "matches.update",
      "matches.share",
      "recordings.view",
      "recordings.download",
      "sequences.create",
      "sequences.share",
      "cameras.control",
    ],
  },
  {
    name: "Team coordinator",
    description: "Keeps the club's users and teams up to date.",
    permissions: [PERMISSIONS.usersAll, "users.invite", "teams.manage", "matches.view", "recordings.view"],
  },
  {
    name: "Player",
    description: "Watches the team's recordings and marks own moments.",
    permissions: ["matches.view", "recordings.view", "sequences.create"],
  },
  { name: "Member", description: "Watches the club's recordings.", permissions: ["matches.view", "recordings.view"] },
];

export interface DemoAccount {
  email: string;
  scope: StoredScope;
  club: string | null;
  firstName: string;
  lastName: string;
  locale: LocaleCode;
  roles: string[];
  teams: string[];
}

/** One account for every scope, plus club staff of other clubs. All use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: "system@clubcast.test",
    scope: "system",
    club: null,
    firstName: "Sam",
    lastName: "Operator",
    locale: "en",
    roles: ["Platform operator"],
    teams: [],
  },
  {
    email: "club@clubcast.test",
    scope: "club",
    club: ZUIDERPARK,
    firstName: "Sanne",
    lastName: "de Vries",
    locale: "nl",
    roles: ["Club administrator"],
    teams: [],
  },
  {
    email: "trainer@clubcast.test",
    scope: "trainer",
    club: ZUIDERPARK,
    firstName: "Mark",
    lastName: "Jansen",
    locale: "nl",
    roles: ["Trainer"],
    teams: ["FC Zuiderpark 1", "FC Zuiderpark JO19-1"],
  },
  {
    email: "player@clubcast.test",
    scope: "player",
    club: ZUIDERPARK,
    firstName: "Daan",
    lastName: "Bakker",
    locale: "nl",
    roles: ["Player"],
    teams: ["FC Zuiderpark 1"],
  },
  {
    email: "clubmember@clubcast.test",
    scope: "clubmember",
    club: ZUIDERPARK,
    firstName: "Eva",
    lastName: "Smit",
    locale: "en",
    roles: ["Member"],
    teams: ["Walking football 60+"],
  },
  {
    email: "lindenau@clubcast.test",
    scope: "club",
    club: LINDENAU,
    firstName: "Jonas",
    lastName: "Weber",
    locale: "de",
    roles: ["Club administrator"],
    teams: [],
  },
  {
    email: "kingsbridge@clubcast.test",
    scope: "club",
    club: KINGSBRIDGE,
    firstName: "Oliver",
    lastName: "Hughes",
    locale: "en",
    roles: ["Club administrator"],
    teams: [],
  },
  {
    email: "coordinator@clubcast.test",
    scope: "trainer",
    club: HUDSON,
    firstName: "Maya",
    lastName: "Johnson",
    locale: "en",
    roles: ["Team coordinator", "Trainer"],
    teams: ["Hudson Futsal Club Women"],
  },
];

// ───────────────────────────── equipment ─────────────────────────────

interface ConfigurationSeed {
  barcode: string;
  club: string;
  field: string;
  isMain: boolean;
  passthrough?: boolean;
  /** Served by the media gateway (RTMP/SRT ingest) rather than a camera server of its own. */
  gateway?: { streamKey: string };
  /**
   * Covers the three livestream modes: '{address}…' is srt, a full URL rtmp, empty or bare '{address}' disabled.
   * A gateway configuration has none here: it publishes to the gateway's RTMP URL of the settings.
   */
  saStreamUrl?: string | null;
  resolution: string;
  localIp: string;
  latitude: number;
  longitude: number;
  status: DeviceStatus;
  heartbeatMinutesAgo: number | null;
  cameras: { displayName: string; technicalName: string; pan: number; tilt: number; focal: number }[];
}

const PANORAMA_PAIR = [
  { displayName: "Panorama left", technicalName: "cam-left", pan: -32.5, tilt: -8, focal: 3.6 },
  { displayName: "Panorama right", technicalName: "cam-right", pan: 32.5, tilt: -8, focal: 3.6 },
];
const SINGLE_CAMERA = [{ displayName: "Main camera", technicalName: "cam-main", pan: 0, tilt: -10, focal: 4 }];

const CONFIGURATIONS: ConfigurationSeed[] = [
  {
    barcode: "CC-NL-0101",
    club: ZUIDERPARK,
    field: "Hoofdveld",
    isMain: true,
    saStreamUrl: "{address}:9710?streamid=publish:zp-hoofdveld",
    resolution: "3840x2160",
    localIp: "192.168.10.20",
    latitude: 52.0607,
    longitude: 4.2863,
    status: "online",
    heartbeatMinutesAgo: 1,
    cameras: PANORAMA_PAIR,
  },
  {
    barcode: "CC-NL-0102",
    club: ZUIDERPARK,
    field: "Hoofdveld",
    isMain: false,
    passthrough: true,
    saStreamUrl: "{address}",
    resolution: "1920x1080",
    localIp: "192.168.10.21",
    latitude: 52.0609,
    longitude: 4.2866,
    status: "online",
    heartbeatMinutesAgo: 2,
    cameras: [{ displayName: "Tactical high camera", technicalName: "cam-tactical", pan: 0, tilt: -35, focal: 2.8 }],
  },
  {
    barcode: "CC-NL-0103",
    club: ZUIDERPARK,
    field: "Veld 2",
    isMain: true,
    saStreamUrl: "rtmp://ingest.clubcast.test/live/zp-veld-2",
    resolution: "1920x1080",
    localIp: "192.168.10.22",
    latitude: 52.0615,
    longitude: 4.2849,
    status: "degraded",
    heartbeatMinutesAgo: 14,
    cameras: SINGLE_CAMERA,
  },
  {
    barcode: "CC-NL-0104",
    club: ZUIDERPARK,
    field: "Mobiele camera",
    isMain: true,
    saStreamUrl: null,
    resolution: "1920x1080",
    localIp: "192.168.10.23",
    latitude: 52.0607,
    longitude: 4.2863,
    status: "offline",
    heartbeatMinutesAgo: 60 * 24 * 6,
    cameras: SINGLE_CAMERA,
  },
  {
    barcode: DEMO_GATEWAY_CONFIGURATION.barcode,
    club: ZUIDERPARK,
    field: "Veld 3",
    isMain: true,
    passthrough: true,
    gateway: { streamKey: DEMO_GATEWAY_CONFIGURATION.streamKey },
    resolution: "1920x1080",
    localIp: "192.168.10.24",
    latitude: 52.0619,
    longitude: 4.2842,
    status: "offline",
    heartbeatMinutesAgo: null,
    cameras: [{ displayName: "OBS or phone", technicalName: "cam-obs", pan: 0, tilt: 0, focal: 4 }],
  },
  {
    barcode: "CC-NL-0201",
    club: DUINZICHT,
    field: "Hoofdveld",
    isMain: true,
    saStreamUrl: "{address}:9710?streamid=publish:vvd-hoofdveld",
    resolution: "3840x2160",
    localIp: "10.20.0.20",
    latitude: 52.2437,
    longitude: 4.4312,
    status: "online",
    heartbeatMinutesAgo: 1,
    cameras: PANORAMA_PAIR,
  },
  {
    barcode: "CC-DE-0301",
    club: LINDENAU,
    field: "Kunstrasen 1",
    isMain: true,
    saStreamUrl: "{address}:9710?streamid=publish:rwl-kunstrasen-1",
    resolution: "3840x2160",
    localIp: "172.16.5.20",
    latitude: 51.3397,
    longitude: 12.3731,
    status: "online",
    heartbeatMinutesAgo: 0,
    cameras: PANORAMA_PAIR,
  },
  {
    barcode: "CC-DE-0302",
    club: LINDENAU,
    field: "Kunstrasen 2",
    isMain: true,
    saStreamUrl: "rtmp://ingest.clubcast.test/live/rwl-kunstrasen-2",
    resolution: "1920x1080",
    localIp: "172.16.5.21",
    latitude: 51.3401,
    longitude: 12.3725,
    status: "online",
    heartbeatMinutesAgo: 3,
    cameras: SINGLE_CAMERA,
  },
  {
    barcode: "CC-GB-0401",
    club: KINGSBRIDGE,
    field: "Main pitch",
    isMain: true,
    saStreamUrl: "rtmp://ingest.clubcast.test/live/kingsbridge-main",
    resolution: "3840x2160",
    localIp: "192.168.1.50",
    latitude: 50.2846,
    longitude: -3.7766,
    status: "online",
    heartbeatMinutesAgo: 2,
    cameras: PANORAMA_PAIR,
  },
  {
    barcode: "CC-US-0501",
    club: HUDSON,
    field: "Court 1",
    isMain: true,
    saStreamUrl: "",
    resolution: "1920x1080",
    localIp: "10.0.40.20",
    latitude: 40.7357,
    longitude: -74.0286,
    status: "unknown",
    heartbeatMinutesAgo: null,
    cameras: SINGLE_CAMERA,
  },
];

interface DeviceSeed {
  serial: string;
  name: string;
  club: string | null;
  address: string | null;
  status: DeviceStatus;
  heartbeatMinutesAgo: number | null;
}

const COMPUTERS: DeviceSeed[] = [
  {
    serial: "PC-NL-0101",
    name: "Zuiderpark field PC",
    club: ZUIDERPARK,
    address: "192.168.10.2",
    status: "online",
    heartbeatMinutesAgo: 1,
  },
  {
    serial: "PC-NL-0201",
    name: "Duinzicht field PC",
    club: DUINZICHT,
    address: "10.20.0.2",
    status: "online",
    heartbeatMinutesAgo: 1,
  },
  {
    serial: "PC-DE-0301",
    name: "Lindenau Clubhaus-PC",
    club: LINDENAU,
    address: "172.16.5.2",
    status: "degraded",
    heartbeatMinutesAgo: 12,
  },
  {
    serial: "PC-GB-0401",
    name: "Kingsbridge pavilion PC",
    club: KINGSBRIDGE,
    address: "192.168.1.2",
    status: "online",
    heartbeatMinutesAgo: 2,
  },
  {
    serial: "PC-US-0501",
    name: "Hudson gym PC",
    club: HUDSON,
    address: "10.0.40.2",
    status: "offline",
    heartbeatMinutesAgo: 60 * 24 * 3,
  },
];

const ROUTERS: DeviceSeed[] = [
  {
    serial: "RT-NL-0101",
    name: "Zuiderpark LTE router",
    club: ZUIDERPARK,
    address: "192.168.10.1",
    status: "online",
    heartbeatMinutesAgo: 1,
  },
  {
    serial: "RT-NL-0201",
    name: "Duinzicht LTE router",
    club: DUINZICHT,
    address: "10.20.0.1",
    status: "degraded",
    heartbeatMinutesAgo: 20,
  },
  {
    serial: "RT-DE-0301",
    name: "Lindenau Router",
    club: LINDENAU,
    address: "172.16.5.1",
    status: "online",
    heartbeatMinutesAgo: 0,
  },
  {
    serial: "RT-GB-0401",
    name: "Kingsbridge router",
    club: KINGSBRIDGE,
    address: "192.168.1.1",
    status: "online",
    heartbeatMinutesAgo: 2,
  },
  {
    serial: "RT-US-0501",
    name: "Hudson router",
    club: HUDSON,
    address: "10.0.40.1",
    status: "offline",
    heartbeatMinutesAgo: 60 * 24 * 3,
  },
  {
    serial: "RT-SPARE-0001",
    name: "Spare router (in stock)",
    club: null,
    address: null,
    status: "unknown",
    heartbeatMinutesAgo: null,
  },
];

// ───────────────────────────── matches and recordings ─────────────────────────────

/** Either a kick-off on a day relative to today in the club's timezone, or a start relative to now. */
type When = { day: number; at: string } | { minutesFromNow: number };

interface MatchSeed {
  /** The configuration (barcode) that records it; its club owns the match and its field hosts it. */
  camera: string;
  home: string;
  away: string | null;
  status: MatchStatus;
  when: When;
  minutes: number;
  score?: [number, number];
  isPrivate?: boolean;
  isTraining?: boolean;
  sharedOpponent?: boolean;
  sharedWith?: string;
  /** Made from an offline recording rather than scheduled. */
  fromOfflineRecording?: boolean;
}

const MATCHES: MatchSeed[] = [
  // FC Zuiderpark: every status, past and coming days.
  {
    camera: "CC-NL-0101",
    home: "FC Zuiderpark 1",
    away: "VV Duinzicht 1",
    status: "vod",
    when: { day: -7, at: "14:30" },
    minutes: 110,
    score: [3, 1],
    sharedOpponent: true,
  },
  {
    camera: "CC-NL-0103",
    home: "FC Zuiderpark 2",
    away: "VV Duinzicht 2",
    status: "vod",
    when: { day: -4, at: "12:00" },
    minutes: 105,
    score: [0, 2],
    isPrivate: true,
  },
  {
    camera: "CC-NL-0101",
    home: "FC Zuiderpark JO19-1",
    away: "VV Duinzicht JO19-1",
    status: "vod",
    when: { day: -2, at: "11:00" },
    minutes: 105,
    score: [2, 2],
    sharedWith: DUINZICHT,
  },
  {
    camera: "CC-NL-0103",
    home: "Keeperstraining",
    away: null,
    status: "vod",
    when: { day: -1, at: "19:30" },
    minutes: 75,
    isTraining: true,
    isPrivate: true,
  },
  {
    camera: "CC-NL-0101",
    home: "FC Zuiderpark VR1",
    away: "VV Duinzicht VR1",
    status: "processing",
    when: { minutesFromNow: -160 },
    minutes: 105,
    score: [1, 1],
    fromOfflineRecording: true,
  },
  {
    camera: "CC-NL-0101",
    home: "FC Zuiderpark JO17-1",
    away: "VV Duinzicht JO17-1",
    status: "live",
    when: { minutesFromNow: -35 },
    minutes: 95,
    score: [1, 0],
  },
  {
    camera: "CC-NL-0103",
    home: "FC Zuiderpark 2",
    away: "VV Duinzicht 3",
    status: "scheduled",
    when: { day: 1, at: "19:45" },
    minutes: 105,
  },
  {
    camera: "CC-NL-0101",
    home: "FC Zuiderpark 1",
    away: "VV Duinzicht 2",
    status: "scheduled",
    when: { day: 6, at: "14:30" },
    minutes: 110,
    isPrivate: true,
  },
  {
    camera: "CC-NL-0104",
    home: "Walking football 60+",
    away: null,
    status: "unscheduled",
    when: { day: 5, at: "10:00" },
    minutes: 60,
    isTraining: true,
  },
  {
    camera: "CC-NL-0101",
    home: "FC Zuiderpark 1",
    away: "VV Duinzicht 3",
    status: "unscheduled",
    when: { day: 12, at: "20:00" },
    minutes: 110,
  },
  // VV Duinzicht records its home games against Zuiderpark.
  {
    camera: "CC-NL-0201",
    home: "VV Duinzicht 1",
    away: "FC Zuiderpark 1",
    status: "scheduled",
    when: { day: 3, at: "14:30" },
    minutes: 110,
    sharedOpponent: true,
  },
  {
    camera: "CC-NL-0201",
    home: "VV Duinzicht VR1",
    away: "FC Zuiderpark VR1",
    status: "vod",
    when: { day: -9, at: "13:00" },
    minutes: 105,
    score: [2, 3],
    sharedWith: ZUIDERPARK,
  },
  // HC Rot-Weiß Lindenau.
  {
    camera: "CC-DE-0301",
    home: "HC Rot-Weiß Lindenau 1. Herren",
    away: "THC Eichenau 1. Herren",
    status: "vod",
    when: { day: -6, at: "12:00" },
    minutes: 80,
    score: [4, 2],
  },
  {
    camera: "CC-DE-0301",
    home: "HC Rot-Weiß Lindenau 1. Damen",
    away: "THC Eichenau 1. Damen",
    status: "live",
    when: { minutesFromNow: -20 },
    minutes: 80,
    score: [1, 1],
  },
  {
    camera: "CC-DE-0302",
    home: "HC Rot-Weiß Lindenau Knaben A",
    away: "HC Rot-Weiß Lindenau Knaben B",
    status: "scheduled",
    when: { day: 2, at: "10:30" },
    minutes: 60,
  },
  {
    camera: "CC-DE-0302",
    home: "Torwarttraining",
    away: null,
    status: "unscheduled",
    when: { day: 8, at: "18:00" },
    minutes: 90,
    isTraining: true,
  },
  // Kingsbridge RFC.
  {
    camera: "CC-GB-0401",
    home: "Kingsbridge RFC 1st XV",
    away: "Kingsbridge RFC 2nd XV",
    status: "vod",
    when: { day: -5, at: "15:00" },
    minutes: 100,
    score: [24, 17],
    isPrivate: true,
  },
  {
    camera: "CC-GB-0401",
    home: "Kingsbridge RFC Colts U18",
    away: "Kingsbridge RFC 2nd XV",
    status: "scheduled",
    when: { day: 4, at: "11:00" },
    minutes: 80,
  },
  {
    camera: "CC-GB-0401",
    home: "Touch rugby social",
    away: null,
    status: "unscheduled",
    when: { day: 11, at: "18:30" },
    minutes: 60,
    isTraining: true,
  },
  // Hudson Futsal Club.
  {
    camera: "CC-US-0501",
    home: "Hudson Futsal Club Men",
    away: "Hudson Futsal Club U15",
    status: "vod",
    when: { day: -1, at: "18:00" },
    minutes: 60,
    score: [6, 4],
  },
  {
    camera: "CC-US-0501",
    home: "Hudson Futsal Club Women",
    away: "Hudson Futsal Club U15",
    status: "scheduled",
    when: { day: 1, at: "19:00" },
    minutes: 60,
  },
];

/** Recordings cameras made outside any scheduled match; `slot` names it on the camera server. */
const OFFLINE_RECORDINGS: { camera: string; slot: string; when: When; minutes: number }[] = [
  { camera: "CC-NL-0101", slot: "saturday-youth", when: { day: -1, at: "09:00" }, minutes: 90 },
  { camera: "CC-NL-0101", slot: "thursday-training", when: { day: -3, at: "19:30" }, minutes: 90 },
  { camera: "CC-NL-0103", slot: "friendly-veld-2", when: { day: -2, at: "15:00" }, minutes: 100 },
  { camera: "CC-DE-0301", slot: "training-herren", when: { day: -3, at: "18:00" }, minutes: 90 },
  { camera: "CC-GB-0401", slot: "midweek-session", when: { day: -2, at: "18:30" }, minutes: 100 },
];

/**
 * Annotations on the first vod match: a trainer's analysis and a player's own moments, at
 * fractions of the demo video's length so every marker lies inside the video a player sees.
 */
const SEQUENCES: {
  match: [home: string, away: string];
  user: string;
  name: string;
  markers: { at: number; label: string; clip?: number }[];
}[] = [
  {
    match: ["FC Zuiderpark 1", "VV Duinzicht 1"],
    user: "trainer@clubcast.test",
    name: "Pressing and transitions",
    markers: [
      { at: 0.1, label: "High press wins the ball" },
      { at: 0.25, label: "Goal 1-0", clip: 30 },
      { at: 0.45, label: "Counter attack conceded" },
      { at: 0.7, label: "Corner routine, goal 2-1", clip: 30 },
      { at: 0.9, label: "Goal 3-1" },
    ],
  },
  {
    match: ["FC Zuiderpark 1", "VV Duinzicht 1"],
    user: "player@clubcast.test",
    name: "My highlights",
    markers: [
      { at: 0.2, label: "Assist" },
      { at: 0.8, label: "Shot on target" },
    ],
  },
];

/** Feature updates in every language, with the notification markup: [break], ##heading##, *bold*, _italic_. */
const NOTIFICATIONS: { daysAgo: number; content: Record<LocaleCode, string> }[] = [
  {
    daysAgo: 45,
    content: {
      en: "##Live scores##[break]Live matches now show the *score* while you watch, updated the moment the scorer taps it.[break]_Tip:_ share a recording with your opponent straight from the recorded list.",
      nl: "##Live scores##[break]Live wedstrijden tonen nu de *stand* tijdens het kijken, bijgewerkt zodra de scheidsrechter tikt.[break]_Tip:_ deel een opname direct vanuit de lijst met opnames met je tegenstander.",
      de: "##Live-Spielstände##[break]Live-Spiele zeigen jetzt den *Spielstand* während du zusiehst, aktualisiert in dem Moment, in dem er eingetragen wird.[break]_Tipp:_ Teile eine Aufnahme direkt aus der Aufnahmeliste mit dem Gegner.",
    },
  },
  {
    daysAgo: 12,
    content: {
      en: "##Annotations##[break]Mark moments in a recorded match and export them as *20-second clips*.[break]You find your markers under _Sequences_ on the match page.",
      nl: "##Annotaties##[break]Markeer momenten in een opgenomen wedstrijd en exporteer ze als *clips van 20 seconden*.[break]Je markeringen staan onder _Sequenties_ op de wedstrijdpagina.",
      de: "##Annotationen##[break]Markiere Szenen in einem aufgezeichneten Spiel und exportiere sie als *20-Sekunden-Clips*.[break]Deine Markierungen findest du unter _Sequenzen_ auf der Spielseite.",
    },
  },
  {
    daysAgo: 2,
    content: {
      en: "##Offline recordings##[break]Recordings made without a scheduled match now appear under *Offline*; turn one into a match with a single click.[break]_For club administrators and trainers with the scheduler permission._",
      nl: "##Offline opnames##[break]Opnames zonder geplande wedstrijd staan nu onder *Offline*; maak er met één klik een wedstrijd van.[break]_Voor clubbeheerders en trainers met de planner-rechten._",
      de: "##Offline-Aufnahmen##[break]Aufnahmen ohne geplantes Spiel erscheinen jetzt unter *Offline*; mach mit einem Klick ein Spiel daraus.[break]_Für Vereinsadministratoren und Trainer mit der Planer-Berechtigung._",
    },
  },
];

// ───────────────────────────── helpers ─────────────────────────────

const MINUTE_MS = 60_000;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data refers to an unknown ${what}`);
  return value;
}

/** Updates the row `existing` found by its natural key, or creates it. */
async function updateOrCreate<T>(
  existing: Promise<{ id: number } | null>,
  update: (id: number) => Promise<T>,
  create: () => Promise<T>,
): Promise<T> {
  const row = await existing;
  return row ? update(row.id) : create();
}

function minutesAgo(now: Date, minutes: number | null): Date | null {
  return minutes === null ? null : new Date(now.getTime() - minutes * MINUTE_MS);
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Start and end of a demo event: kick-offs at club-local times, or relative to now (rounded to 5 minutes). */
function interval(now: Date, timezone: string, when: When, minutes: number): { start: Date; end: Date } {
  const start =
    "day" in when
      ? zonedToUtc({ date: addDays(utcToZoned(now, timezone).date, when.day), time: when.at }, timezone)
      : new Date(Math.floor(now.getTime() / (5 * MINUTE_MS)) * 5 * MINUTE_MS + when.minutesFromNow * MINUTE_MS);
  return { start, end: new Date(start.getTime() + minutes * MINUTE_MS) };
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}

// ───────────────────────────── the seed ─────────────────────────────

async function seedSports(db: Db): Promise<Map<SportType, number>> {
  const ids = new Map<SportType, number>();
  for (const type of SPORT_TYPES) {
    const data = { name: SPORT_NAMES[type], type };
    const sport = await db.sport.upsert({ where: { slug: type }, update: data, create: { slug: type, ...data } });
    ids.set(type, sport.id);
  }
  return ids;
}

interface ClubRefs {
  clubs: Map<string, { id: number; timezone: string }>;
  fields: Map<string, number>;
  teams: Map<string, { id: number; clubId: number }>;
}

const fieldKey = (club: string, field: string) => `${club}/${field}`;

/** Where the seed keeps the demo logos, and the address they are served from. */
interface LogoStorage {
  store: MediaStore;
  publicUrl: string;
}

async function seedClubs(db: Db, sports: Map<SportType, number>, logos: LogoStorage): Promise<ClubRefs> {
  const refs: ClubRefs = { clubs: new Map(), fields: new Map(), teams: new Map() };
  for (const { fields, teams, sport, logo, ...club } of CLUBS) {
    const sportId = required(sports.get(sport), `sport ${sport}`);
    const data = { ...club, sportId };
    const row = await updateOrCreate(
      db.club.findFirst({ where: { name: club.name }, select: { id: true } }),
      (id) => db.club.update({ where: { id }, data }),
      () => db.club.create({ data }),
    );
    refs.clubs.set(club.name, { id: row.id, timezone: row.timezone });
    const logoFile = await logos.store.saveClubLogo(row.id, demoLogoPng(logo), "png");
    await db.club.update({ where: { id: row.id }, data: { logo: clubLogoUrl(logos.publicUrl, row.id, logoFile) } });

    for (const field of fields) {
      const fieldData = { sportId, portable: field.portable ?? false };
      const fieldRow = await db.field.upsert({
        where: { clubId_name: { clubId: row.id, name: field.name } },
        update: fieldData,
        create: { clubId: row.id, name: field.name, ...fieldData },
      });
      refs.fields.set(fieldKey(club.name, field.name), fieldRow.id);
    }

    for (const team of teams) {
      const teamData = {
        addition: team.addition ?? null,
        parentId: team.parent ? required(refs.teams.get(team.parent), `team ${team.parent}`).id : null,
        sportId,
        isCustom: team.custom ?? false,
      };
      const teamRow = await updateOrCreate(
        db.team.findFirst({ where: { clubId: row.id, fullname: team.fullname }, select: { id: true } }),
        (id) => db.team.update({ where: { id }, data: teamData }),
        () => db.team.create({ data: { clubId: row.id, fullname: team.fullname, ...teamData } }),
      );
      refs.teams.set(team.fullname, { id: teamRow.id, clubId: row.id });
    }
  }
  return refs;
}

async function seedAccess(db: Db): Promise<Map<string, number>> {
  const permissionIds = new Map<string, number>();
  for (const name of PERMISSION_NAMES) {
    const category = name.split(".")[0]!;
    const row = await db.permission.upsert({ where: { name }, update: { category }, create: { name, category } });
    permissionIds.set(name, row.id);
  }
  const roleIds = new Map<string, number>();
  for (const role of ROLES) {
    const row = await db.role.upsert({
      where: { name: role.name },
      update: { description: role.description },
      create: { name: role.name, description: role.description },
    });
    await db.rolePermission.createMany({
      data: role.permissions.map((name) => ({ roleId: row.id, permissionId: permissionIds.get(name)! })),
      skipDuplicates: true,
    });
    roleIds.set(role.name, row.id);
  }
  return roleIds;
}

async function seedUsers(
  db: Db,
  refs: ClubRefs,
  roleIds: Map<string, number>,
  passwordHash: string,
): Promise<Map<string, number>> {
  const userIds = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    const data = {
      passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      scope: account.scope,
      locale: account.locale,
      clubId: account.club ? required(refs.clubs.get(account.club), `club ${account.club}`).id : null,
    };
    const user = await db.user.upsert({
      where: { email: account.email },
      update: data,
      create: { email: account.email, ...data },
    });
    await db.userRole.createMany({
      data: account.roles.map((role) => ({ userId: user.id, roleId: required(roleIds.get(role), `role ${role}`) })),
      skipDuplicates: true,
    });
    await db.userTeam.createMany({
      data: account.teams.map((team) => ({
        userId: user.id,
        teamId: required(refs.teams.get(team), `team ${team}`).id,
      })),
      skipDuplicates: true,
    });
    userIds.set(account.email, user.id);
  }
  return userIds;
}

interface CameraRef {
  id: number;
  barcode: string;
  clubName: string;
  clubId: number;
  timezone: string;
  fieldId: number;
}

async function seedEquipment(db: Db, refs: ClubRefs, now: Date, urls: SeedUrls): Promise<Map<string, CameraRef>> {
  const configurations = new Map<string, CameraRef>();
  for (const { barcode, club, field, cameras, heartbeatMinutesAgo, gateway, ...seed } of CONFIGURATIONS) {
    const clubRef = required(refs.clubs.get(club), `club ${club}`);
    const fieldId = required(refs.fields.get(fieldKey(club, field)), `field ${club}/${field}`);
    const key = slug(barcode);
    const saStreamUrl = gateway
      ? ingestOf(urls.ingest, GATEWAY_CAMERA_TYPE, gateway.streamKey)!.rtmp_url
      : (seed.saStreamUrl ?? null);
    const data = {
      ...seed,
      saStreamUrl,
      passthrough: seed.passthrough ?? false,
      clubId: clubRef.id,
      fieldId,
      livestream: deriveLivestream(saStreamUrl),
      streamKey: gateway?.streamKey ?? `${key}-live`,
      antStreamId: `ant-${key}`,
      qrCode: `${urls.publicUrl}/c/${barcode}`,
      saServerId: `sa-${key}`,
      saCameraId: `${key}-cam`,
      saCameraName: `${club} ${field}`,
      saStreamUrlLocal: saStreamUrl ? `srt://${seed.localIp}:9710` : null,
      saSport: CLUBS.find((c) => c.name === club)!.sport,
      // The worker sends a gateway configuration's commands to the media gateway (MEDIA_GATEWAY_URL).
      serverUrl: gateway ? null : urls.cameraServer,
      ...(gateway ? { cameraType: GATEWAY_CAMERA_TYPE } : {}),
      lastHeartbeatAt: minutesAgo(now, heartbeatMinutesAgo),
    };
    const row = await db.configuration.upsert({ where: { barcode }, update: data, create: { barcode, ...data } });
    for (const { technicalName, ...camera } of cameras) {
      const cameraData = { ...camera, status: seed.status, lastHeartbeatAt: data.lastHeartbeatAt };
      await db.camera.upsert({
        where: { configurationId_technicalName: { configurationId: row.id, technicalName } },
        update: cameraData,
        create: { configurationId: row.id, technicalName, ...cameraData },
      });
    }
    configurations.set(barcode, {
      id: row.id,
      barcode,
      clubName: club,
      clubId: clubRef.id,
      timezone: clubRef.timezone,
      fieldId,
    });
  }

  const device = ({ serial, club, heartbeatMinutesAgo, ...rest }: DeviceSeed) => {
    const data = {
      ...rest,
      clubId: club ? required(refs.clubs.get(club), `club ${club}`).id : null,
      lastHeartbeatAt: minutesAgo(now, heartbeatMinutesAgo),
    };
    return { where: { serial }, update: data, create: { serial, ...data } };
  };
  for (const computer of COMPUTERS) await db.computer.upsert(device(computer));
  for (const router of ROUTERS) await db.router.upsert(device(router));
  return configurations;
}

async function seedCameraClient(db: Db, cameras: Map<string, CameraRef>, secretHash: string): Promise<void> {
  const { name, clientId, configurationBarcode } = DEMO_CAMERA_CLIENT;
  const configurationId = required(cameras.get(configurationBarcode), `configuration ${configurationBarcode}`).id;
  const data = { name, secretHash, configurationId, revokedAt: null };
  await db.apiClient.upsert({ where: { clientId }, update: data, create: { clientId, ...data } });
}

async function seedGatewayClient(db: Db, secretHash: string): Promise<void> {
  const { name, clientId } = DEMO_GATEWAY_CLIENT;
  const data = { name, secretHash, configurationId: null, revokedAt: null };
  await db.apiClient.upsert({ where: { clientId }, update: data, create: { clientId, ...data } });
}

/** A recording's path on the camera server: its identity, whatever address the server has. */
function recordingPath(camera: CameraRef, name: string): string {
  return `/recordings/${camera.barcode}/${slug(name)}/index.m3u8`;
}

async function seedMatches(
  db: Db,
  refs: ClubRefs,
  cameras: Map<string, CameraRef>,
  now: Date,
  urls: SeedUrls,
): Promise<Map<string, number>> {
  const matchIds = new Map<string, number>();
  for (const seed of MATCHES) {
    const camera = required(cameras.get(seed.camera), `configuration ${seed.camera}`);
    const home = required(refs.teams.get(seed.home), `team ${seed.home}`);
    const away = seed.away ? required(refs.teams.get(seed.away), `team ${seed.away}`) : null;
    const identity = {
      clubId: camera.clubId,
      homeTeamId: home.id,
      awayTeamId: away?.id ?? null,
      isTraining: seed.isTraining ?? false,
    };
    const key = `${seed.home} v ${seed.away ?? "training"}`;
    if (matchIds.has(key)) throw new Error(`Two demo matches share the identity ${key}`);
    const { start, end } = interval(now, camera.timezone, seed.when, seed.minutes);
    const data = {
      ...identity,
      homeClubId: home.clubId,
      awayClubId: away?.clubId ?? null,
      homeScore: seed.score?.[0] ?? 0,
      awayScore: seed.score?.[1] ?? 0,
      fieldId: camera.fieldId,
      configurationId: camera.id,
      startingAt: start,
      stoppingAt: end,
      status: seed.status,
      isPrivate: seed.isPrivate ?? false,
      isScheduled: seed.status !== "unscheduled" && !seed.fromOfflineRecording,
      sharedOpponent: seed.sharedOpponent ?? false,
      sharedWithClubId: seed.sharedWith
        ? required(refs.clubs.get(seed.sharedWith), `club ${seed.sharedWith}`).id
        : null,
      liveHlsUrl: seed.status === "live" ? `${urls.cameraMedia}/live/${camera.barcode}/index.m3u8` : null,
      vodHlsUrl: seed.status === "vod" ? `${urls.cameraMedia}${recordingPath(camera, key)}` : null,
    };
    const match = await updateOrCreate(
      db.match.findFirst({ where: identity, select: { id: true }, orderBy: { id: "asc" } }),
      (id) => db.match.update({ where: { id }, data }),
      () => db.match.create({ data }),
    );
    matchIds.set(key, match.id);

    if (seed.fromOfflineRecording) {
      await upsertOfflineRecording(db, urls, camera, key, { start, end }, match.id);
    }
  }
  for (const recording of OFFLINE_RECORDINGS) {
    const camera = required(cameras.get(recording.camera), `configuration ${recording.camera}`);
    await upsertOfflineRecording(
      db,
      urls,
      camera,
      recording.slot,
      interval(now, camera.timezone, recording.when, recording.minutes),
      null,
    );
  }
  return matchIds;
}

async function upsertOfflineRecording(
  db: Db,
  urls: SeedUrls,
  camera: CameraRef,
  name: string,
  { start, end }: { start: Date; end: Date },
  matchId: number | null,
): Promise<void> {
  const path = recordingPath(camera, `offline-${name}`);
  const data = {
    vodHlsUrl: `${urls.cameraMedia}${path}`,
    clubId: camera.clubId,
    fieldId: camera.fieldId,
    configurationId: camera.id,
    startTime: start,
    endTime: end,
    matchId,
  };
  await updateOrCreate(
    // Found by its path, so a re-seed with another simulator address updates it rather than adding one.
    db.offlineRecording.findFirst({ where: { vodHlsUrl: { endsWith: path } }, select: { id: true } }),
    (id) => db.offlineRecording.update({ where: { id }, data }),
    () => db.offlineRecording.create({ data }),
  );
}

async function seedSequences(db: Db, matchIds: Map<string, number>, userIds: Map<string, number>): Promise<void> {
  for (const sequence of SEQUENCES) {
    const matchId = required(matchIds.get(sequence.match.join(" v ")), `match ${sequence.match.join(" v ")}`);
    const userId = required(userIds.get(sequence.user), `user ${sequence.user}`);
    const identity = { matchId, userId, name: sequence.name };
    const row = await updateOrCreate(
      db.sequence.findFirst({ where: identity, select: { id: true } }),
      async (id) => ({ id }),
      () => db.sequence.create({ data: identity, select: { id: true } }),
    );
    for (const marker of sequence.markers) {
      const markerIdentity = {
        sequenceId: row.id,
        timeMs: Math.round(marker.at * DEMO_VOD_SECONDS * 1000),
        label: marker.label,
      };
      const clipLength = marker.clip ?? 20;
      await updateOrCreate(
        db.marker.findFirst({ where: markerIdentity, select: { id: true } }),
        (id) => db.marker.update({ where: { id }, data: { clipLength } }),
        () => db.marker.create({ data: { ...markerIdentity, clipLength } }),
      );
    }
  }
}

async function seedNotifications(db: Db, now: Date): Promise<void> {
  for (const notification of NOTIFICATIONS) {
    for (const [lang, content] of Object.entries(notification.content) as [LocaleCode, string][]) {
      // Found by its text; its creation time stays put so a re-seed doesn't mark it unread again.
      await updateOrCreate(
        db.notification.findFirst({ where: { lang, content }, select: { id: true } }),
        async (id) => ({ id }),
        () =>
          db.notification.create({
            data: { lang, content, createdAt: new Date(now.getTime() - notification.daysAgo * 24 * 60 * MINUTE_MS) },
          }),
      );
    }
  }
}

/**
 * Writes (or refreshes) the demo data, with the addresses of `env`'s settings. Uses `prisma` when given (and
 * leaves it open), else DATABASE_URL.
 */
export async function seed(prisma?: PrismaClient, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const client = prisma ?? createPrismaClient();
  const urls = seedUrls(env);
  const config = loadConfig(env);
  const logos = { store: createMediaStore(config.mediaDir, config.mediaStorage), publicUrl: urls.publicUrl };
  try {
    // One argon2id hash for every demo account: hashing is deliberately slow.
    const [passwordHash, cameraSecretHash, gatewaySecretHash] = await Promise.all([
      hashPassword(DEMO_PASSWORD),
      hashPassword(DEMO_CAMERA_CLIENT.secret),
      hashPassword(DEMO_GATEWAY_CLIENT.secret),
    ]);
    const now = new Date();
    await client.$transaction(
      async (db) => {
        const sports = await seedSports(db);
        const refs = await seedClubs(db, sports, logos);
        const roleIds = await seedAccess(db);
        const userIds = await seedUsers(db, refs, roleIds, passwordHash);
        const cameras = await seedEquipment(db, refs, now, urls);
        await seedCameraClient(db, cameras, cameraSecretHash);
        await seedGatewayClient(db, gatewaySecretHash);
        const matchIds = await seedMatches(db, refs, cameras, now, urls);
        await seedSequences(db, matchIds, userIds);
        await seedNotifications(db, now);
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  } finally {
    if (!prisma) await client.$disconnect();
  }
}

export const DEMO_SIGN_IN_HINT = `Demo data ready: sign in as ${DEMO_ACCOUNTS[0]!.email} (or another account under "Demo accounts" in the README) with password ${DEMO_PASSWORD}.`;
