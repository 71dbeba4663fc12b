//! Library work run on a thread of its own while the caller's thread waits
//! with the GIL released, so that Ctrl-C reaches Python during it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use pyo3::prelude::*;

use crate::err;

/// A job running beside the caller's thread, and the way its result comes
/// back (a panic in it is caught there).
pub(crate) struct Beside<T> {
    worker: JoinHandle<()>,
    result: mpsc::Receiver<std::thread::Result<T>>,
}

impl<T: Send + 'static> Beside<T> {
    pub(crate) fn spawn(job: impl FnOnce() -> T + Send + 'static) -> Beside<T> {
        let (tx, result) = mpsc::channel();
        let worker = std::thread::spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(job)));
        });
        Beside { worker, result }
    }

    /// Waits for the job with the GIL released, waking every 50 ms to run
    /// `tick` (signal checks, progress). The first error of `tick` comes
    /// back with the job, still running, for the caller to stop, await or
    /// leave; a job that panicked is an internal error.
    pub(crate) fn wait(
        self,
        py: Python<'_>,
        mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
    ) -> Result<PyResult<T>, (PyErr, Beside<T>)> {
        let Beside { worker, mut result } = self;
        loop {
            // The receiver is not `Sync`: it goes into the detached closure
            // and comes back.
            let (got, back) = py.detach(move || {
                let got = result.recv_timeout(Duration::from_millis(50));
                (got, result)
            });
            result = back;
            match got {
                Ok(Ok(v)) => {
                    let _ = worker.join();
                    return Ok(Ok(v));
                }
                Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let _ = worker.join();
                    return Ok(Err(err("internal error: the computation failed")));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = tick(py) {
                return Err((e, Beside { worker, result }));
            }
        }
    }

    /// Awaits the job and gives what it returned, if it returned.
    pub(crate) fn finish(self) -> Option<T> {
        let _ = self.worker.join();
        self.result.try_recv().ok().and_then(|r| r.ok())
    }
}
