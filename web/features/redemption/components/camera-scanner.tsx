/**
 * The live camera of the scan screen: opens the back camera, reads QR codes from its frames and hands each new text
 * to the screen; the camera is released when scanning stops or the screen closes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { cameraErrorMessage, cameraFailedMessage, noCameraSupportMessage } from '../camera/camera-errors';
import { loadQrDecoder, type FrameDecoder } from '../camera/qr-decoder';
import { QrIcon } from './qr-icon';

/** Pause between two frame reads: quick enough to feel instant, light enough for a phone. */
const SCAN_INTERVAL_MS = 150;

type CameraStatus = 'idle' | 'starting' | 'scanning';

interface CameraSession {
  stream: MediaStream;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface CameraScannerProps {
  /** Receives each new text read from the camera; answering true means it was used, and the camera stops. */
  onRead: (text: string) => boolean;
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

export function CameraScanner({ onRead }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { t } = useT('merchant');
  const sessionRef = useRef<CameraSession | null>(null);
  // Each start counts up; a start that finds the count moved on was cancelled while it waited (stop, or unmount).
  const attemptRef = useRef(0);
  const onReadRef = useRef(onRead);
  const [status, setStatus] = useState<CameraStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    onReadRef.current = onRead;
  });

  const release = useCallback(() => {
    attemptRef.current += 1;
    const session = sessionRef.current;
    sessionRef.current = null;
    if (!session) return;
    clearTimeout(session.timer);
    stopTracks(session.stream);
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  // Leaving the screen turns the camera off.
  useEffect(() => release, [release]);

  const stop = useCallback(() => {
    release();
    setStatus('idle');
  }, [release]);

  const scanLoop = useCallback(
    (session: CameraSession, decode: FrameDecoder) => {
      let lastText: string | null = null;
      const readFrame = async () => {
        const video = videoRef.current;
        let text: string | null = null;
        if (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          try {
            text = await decode(video);
          } catch {
            // A frame that cannot be read (the stream just ended, a resize) is skipped; the next one is tried.
          }
        }
        if (sessionRef.current !== session) return;
        if (text !== null && text !== lastText) {
          lastText = text;
          if (onReadRef.current(text)) {
            stop();
            return;
          }
        }
        session.timer = setTimeout(() => void readFrame(), SCAN_INTERVAL_MS);
      };
      void readFrame();
    },
    [stop],
  );

  const start = async () => {
    setError(null);
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      setError(noCameraSupportMessage());
      return;
    }
    release();
    const attempt = attemptRef.current;
    setStatus('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (failure) {
      if (attempt !== attemptRef.current) return;
      setStatus('idle');
      setError(cameraErrorMessage(failure));
      return;
    }
    let decode: FrameDecoder;
    try {
      decode = await loadQrDecoder();
    } catch {
      stopTracks(stream);
      if (attempt !== attemptRef.current) return;
      setStatus('idle');
      setError(cameraFailedMessage());
      return;
    }
    const video = videoRef.current;
    if (attempt !== attemptRef.current || !video) {
      stopTracks(stream);
      return;
    }
    const session: CameraSession = { stream, timer: undefined };
    sessionRef.current = session;
    video.srcObject = stream;
    // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read once it plays.
    await video.play().catch(() => undefined);
    if (sessionRef.current !== session) return;
    setStatus('scanning');
    scanLoop(session, decode);
  };

  return (
    <div className="grid gap-4">
      <div
        className={cn(
          'relative aspect-[4/3] overflow-hidden rounded-2xl sm:aspect-video',
          status === 'scanning' ? 'bg-slate-900' : 'border-2 border-dashed border-slate-300 bg-slate-50',
        )}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={t('camera.preview')}
          className={cn('h-full w-full object-cover', status === 'scanning' ? 'block' : 'hidden')}
        />
        {status === 'scanning' ? (
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid place-items-center">
            <div className="aspect-square w-3/5 max-w-72 rounded-3xl border-4 border-white/85 shadow-[0_0_0_9999px_rgb(15_23_42/0.35)]" />
          </div>
        ) : (
          <div className="absolute inset-0 grid place-items-center p-6 text-center text-slate-600">
            <div>
              <QrIcon className="mx-auto h-12 w-12 text-slate-400" />
              <p className="mt-3 text-sm">{status === 'starting' ? t('camera.starting') : t('camera.off')}</p>
            </div>
          </div>
        )}
      </div>

      <p className="sr-only" role="status">
        {status === 'scanning' ? t('camera.on') : ''}
      </p>
      {status === 'scanning' ? (
        <p className="text-sm text-slate-600">{t('camera.hold')}</p>
      ) : null}

      {error ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-red-700" />
          {error}
        </p>
      ) : null}

      {status === 'scanning' ? (
        <Button variant="outline" size="lg" onClick={stop} className="w-full sm:w-auto sm:justify-self-start">
          {t('camera.stop')}
        </Button>
      ) : (
        <Button
          size="lg"
          onClick={() => void start()}
          disabled={status === 'starting'}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          <QrIcon />
          {status === 'starting' ? t('camera.startingButton') : t('camera.start')}
        </Button>
      )}
    </div>
  );
}
