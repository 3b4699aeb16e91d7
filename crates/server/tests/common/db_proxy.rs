//! A TCP proxy in front of PostgreSQL whose link a test switches (up, frozen, down), so that a
//! test can take the database away from the service without touching the machine's server.
//! Shared by the `http` and `production` test binaries.

use std::net::SocketAddr;

use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Link {
    /// Bytes flow both ways.
    Up,
    /// Connections stay open but nothing flows: a frozen database or a black-holed network.
    Frozen,
    /// Every connection is closed and new ones are closed at once: a stopped database.
    Down,
}

/// A TCP proxy in front of the database whose link the test switches.
pub(crate) struct Proxy {
    pub(crate) address: SocketAddr,
    link: watch::Sender<Link>,
}

impl Proxy {
    pub(crate) async fn start(upstream: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (link, watching) = watch::channel(Link::Up);
        tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    return;
                };
                tokio::spawn(forward(client, upstream.clone(), watching.clone()));
            }
        });
        Self { address, link }
    }

    pub(crate) fn set(&self, link: Link) {
        self.link.send_replace(link);
    }
}

/// Waits until the link is up (or returns `false` when it goes down).
async fn wait_until_up(link: &mut watch::Receiver<Link>) -> bool {
    match link.wait_for(|state| *state != Link::Frozen).await {
        Ok(state) => *state == Link::Up,
        Err(_) => false,
    }
}

async fn forward(mut client: TcpStream, upstream: String, mut link: watch::Receiver<Link>) {
    if !wait_until_up(&mut link).await {
        let _ = client.shutdown().await;
        return;
    }
    let Ok(mut server) = TcpStream::connect(&upstream).await else {
        return;
    };
    let (mut client_read, mut client_write) = client.split();
    let (mut server_read, mut server_write) = server.split();
    let mut to_server = [0_u8; 16 * 1024];
    let mut to_client = [0_u8; 16 * 1024];
    use tokio::io::AsyncReadExt;
    loop {
        if *link.borrow_and_update() == Link::Frozen && !wait_until_up(&mut link).await {
            return;
        }
        if *link.borrow() == Link::Down {
            return;
        }
        tokio::select! {
            read = client_read.read(&mut to_server) => match read {
                Ok(n) if n > 0 => if server_write.write_all(&to_server[..n]).await.is_err() { return },
                _ => return,
            },
            read = server_read.read(&mut to_client) => match read {
                Ok(n) if n > 0 => if client_write.write_all(&to_client[..n]).await.is_err() { return },
                _ => return,
            },
            changed = link.changed() => if changed.is_err() { return },
        }
    }
}

/// `host:port` of a `postgres://user@host:port/db` URL.
pub(crate) fn host_and_port(url: &str) -> &str {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let after_user = after_scheme
        .split_once('@')
        .map_or(after_scheme, |(_, rest)| rest);
    after_user.split(['/', '?']).next().unwrap()
}
