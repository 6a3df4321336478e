// hls.js ships its light build (no subtitles, alternate audio or DRM) without typings of its own.
declare module "hls.js/light" {
  export { default } from "hls.js";
}
