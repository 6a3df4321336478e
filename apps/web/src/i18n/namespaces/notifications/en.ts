// Texts of the notifications modal and of the realtime messages to one user (English defines the keys).
const en = {
  title: "What's new",
  empty: "No updates yet",
  empty_text: "News about Clubcast will appear here.",
  posted: "Posted {{date}}",
  /** The spec's translated keys (section 8) and the other user.message keys of @clubcast/shared. */
  messages: {
    match: {
      scheduled: "Match scheduled",
      unscheduled: "Match unscheduled",
      recording_started: "Recording started",
      recording_awaits_video: "Recording started: the match goes live with the camera's first video",
      recording_stopped: "Recording stopped",
      recording_ended_without_camera: "Recording ended without the camera: no video was recorded",
      shared: "Match shared",
      restored: "Match restored",
      privacy_updated: "Match privacy updated",
      operation_failed: "The operation failed",
    },
    notification: {
      new: "There's a new update in What's new",
    },
  },
  with_detail: "{{message}}: {{detail}}",
};

export default en;
