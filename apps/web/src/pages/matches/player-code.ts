/**
 * Loads hls.js, the player's code and the client's biggest chunk. A match page asks for it as it opens, so it
 * loads while the page asks the API for its match, not only once the video shows; the browser keeps the module.
 */
export const loadPlayerCode = () => import("hls.js/light");
