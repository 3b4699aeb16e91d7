//! Real processes on loopback ports for the production-like tests: the `orrery` binary, a
//! `redis-server` of the test's own, nginx. Each is stopped when its handle is dropped.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub(crate) use crate::common_cli::orrery_cli;

pub(crate) const DEMO_KEY: &str = "orr_test_DemoPlaygroundPublicKey0000000000f5LqB";

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

fn wait_for_port(port: u16, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{what} did not listen on {port}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The value below which `fraction` of the `sorted` durations lie (nearest rank).
pub(crate) fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 * fraction).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index]
}

/// One `orrery serve` process.
pub(crate) struct Service {
    child: Child,
    pub(crate) port: u16,
}

impl Service {
    /// Starts the service with `env` on a free port and waits until it listens.
    pub(crate) fn start(database_url: &str, env: &[(&str, String)]) -> Self {
        let port = free_port();
        let child = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .env("ORRERY_LISTEN", format!("127.0.0.1:{port}"))
            .env("ORRERY_DATABASE_URL", database_url)
            .env("ORRERY_LOG", "warn")
            // The cache built ahead in the background would add its CPU to what these tests
            // measure; answers are the same without it (prefill.rs checks that).
            .env("ORRERY_POSITION_CACHE_PREFILL", "off")
            .envs(env.iter().map(|(name, value)| (*name, value.as_str())))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start orrery");
        // The handle first: if the wait fails, dropping it stops the process.
        let service = Self { child, port };
        wait_for_port(port, "orrery");
        service
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// CPU time of all the process's threads so far, from the scheduler's own accounting
    /// (`/proc/PID/task/*/schedstat`, nanoseconds: finer than the clock ticks of `stat`).
    pub(crate) fn cpu_time(&self) -> Duration {
        let tasks = PathBuf::from(format!("/proc/{}/task", self.pid()));
        let mut nanos: u64 = 0;
        for task in std::fs::read_dir(tasks).expect("the process runs") {
            let path = task.expect("a task").path().join("schedstat");
            if let Ok(text) = std::fs::read_to_string(path) {
                nanos += text
                    .split_whitespace()
                    .next()
                    .and_then(|field| field.parse::<u64>().ok())
                    .unwrap_or(0);
            }
        }
        Duration::from_nanos(nanos)
    }

    /// Each thread's name and scheduling policy (`comm`, and the `policy` field of
    /// `/proc/PID/task/TID/stat`: 0 normal, 3 batch, 5 idle).
    pub(crate) fn thread_policies(&self) -> Vec<(String, u32)> {
        let tasks = PathBuf::from(format!("/proc/{}/task", self.pid()));
        let mut policies = Vec::new();
        for task in std::fs::read_dir(tasks).expect("the process runs") {
            let path = task.expect("a task").path();
            let (Ok(name), Ok(stat)) = (
                std::fs::read_to_string(path.join("comm")),
                std::fs::read_to_string(path.join("stat")),
            ) else {
                continue; // the thread ended meanwhile
            };
            // Fields after the name in parentheses start with the 3rd; `policy` is the 41st.
            let policy = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(41 - 3))
                .and_then(|field| field.parse().ok())
                .expect("a policy field in /proc/PID/task/TID/stat");
            policies.push((name.trim().to_owned(), policy));
        }
        policies
    }

    /// Resident memory in bytes (`VmRSS`).
    pub(crate) fn resident_bytes(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("the process runs");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|value| value.split_whitespace().next()?.parse::<u64>().ok())
            .expect("VmRSS")
            * 1024
    }

    /// Sends SIGTERM and waits for the process to end (it finishes requests in flight).
    pub(crate) fn stop(mut self) {
        terminate(&mut self.child);
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn terminate(child: &mut Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Creates a plan with `limit` requests per hour and a key on it; returns the key.
pub(crate) fn key_with_limit(database_url: &str, plan: &str, limit: u32) -> String {
    orrery_cli(
        database_url,
        &[
            "plans",
            "set",
            plan,
            "--label",
            plan,
            "--requests-per-hour",
            &limit.to_string(),
        ],
    );
    let output = orrery_cli(
        database_url,
        &[
            "keys",
            "create",
            "--client",
            &format!("{plan} client"),
            "--plan",
            plan,
        ],
    );
    output.lines().last().expect("the key").trim().to_owned()
}

/// A `redis-server` of the test's own on a free port, without persistence.
pub(crate) struct RedisProcess {
    pub(crate) port: u16,
    child: Option<Child>,
}

impl RedisProcess {
    pub(crate) fn start() -> Self {
        let mut process = Self {
            port: free_port(),
            child: None,
        };
        process.restart();
        process
    }

    pub(crate) fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// (Re)starts on the same port, empty.
    pub(crate) fn restart(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start redis-server");
        self.child = Some(child);
        wait_for_port(self.port, "redis-server");
    }

    pub(crate) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub(crate) fn signal(&self, signal: &str) {
        if let Some(child) = &self.child {
            let _ = Command::new("kill")
                .args([signal, &child.id().to_string()])
                .status();
        }
    }
}

impl Drop for RedisProcess {
    fn drop(&mut self) {
        self.signal("-CONT");
        self.kill();
    }
}

/// nginx in front of the given instances, from the repository's template
/// (`deploy/nginx/render.sh`), with everything in a temporary folder.
pub(crate) struct Nginx {
    child: Child,
    pub(crate) port: u16,
    _dir: tempfile::TempDir,
}

impl Nginx {
    pub(crate) fn start(upstream_ports: &[u16]) -> Self {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let port = free_port();
        let render = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx/render.sh");
        let mut command = Command::new("bash");
        command
            .arg(render)
            .args(["--listen", &format!("127.0.0.1:{port}")])
            .arg("--prefix")
            .arg(dir.path());
        for upstream in upstream_ports {
            command.arg(format!("127.0.0.1:{upstream}"));
        }
        let rendered = command.output().expect("render the nginx configuration");
        assert!(
            rendered.status.success(),
            "render.sh: {}",
            String::from_utf8_lossy(&rendered.stderr)
        );
        let config = dir.path().join("nginx.conf");
        let child = Command::new("nginx")
            .arg("-p")
            .arg(dir.path())
            .arg("-e")
            .arg(dir.path().join("logs/error.log"))
            .arg("-c")
            .arg(&config)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start nginx");
        // The handle first: if the wait fails, dropping it stops nginx.
        let nginx = Self {
            child,
            port,
            _dir: dir,
        };
        wait_for_port(port, "nginx");
        nginx
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        terminate(&mut self.child);
    }
}
