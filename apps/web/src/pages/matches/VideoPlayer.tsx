// Plays a match's HLS stream: the browser's own HLS where it has it (Safari,
// iOS), hls.js over Media Source Extensions elsewhere. hls.js loads only here.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";

const HLS_MIME = "application/vnd.apple.mpegurl";

interface VideoPlayerProps {
  src: string;
  live: boolean;
  label: string;
  /** A still shown until playback starts. */
  poster?: string | null | undefined;
  /** The video element, for pages that steer playback themselves (the annotation screen). */
  ref?: Ref<HTMLVideoElement | null>;
}

export function VideoPlayer({ src, live, label, poster, ref }: VideoPlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useImperativeHandle<HTMLVideoElement | null, HTMLVideoElement | null>(ref, () => video.current, []);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailed(false);
    if (element.canPlayType(HLS_MIME)) {
      element.src = src;
      return () => {
        element.removeAttribute("src");
        element.load();
      };
    }
    let destroyed = false;
    let destroy = () => {};
    void import("hls.js/light").then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        setFailed(true);
        return;
      }
      const hls = new Hls({ lowLatencyMode: live, backBufferLength: live ? 30 : 90 });
      let recoveredMedia = false;
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
          hls.startLoad();
        } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
          recoveredMedia = true;
          hls.recoverMediaError();
        } else {
          setFailed(true);
          hls.destroy();
        }
      });
      hls.loadSource(src);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      destroyed = true;
      destroy();
    };
  }, [src, live]);

  return (
    <div className="player">
      <video
        ref={video}
        className="player__video"
        controls
        playsInline
        // Browsers allow autoplay only without sound; the viewer unmutes.
        muted={live}
        autoPlay={live}
        preload="metadata"
        poster={poster ?? undefined}
        aria-label={label}
        onError={() => setFailed(true)}
      />
      {failed && (
        <div className="player__overlay" role="alert">
          <Icon name="alert" size={28} />
          <p>{t("match.video_error")}</p>
        </div>
      )}
    </div>
  );
}
